// gin_bench.cc -- random play of whole hands of OpenSpiel's gin_rummy, for
// the side-by-side run of tools/openspiel.sh. Not part of fuda's build: it is
// compiled against OpenSpiel's sources (open_spiel/spiel.h and the game's
// own files) into build-openspiel/ by that script.
//
//   gin-bench [--mode clone|plain] [-n HANDS] [--seed S] [--json]
//
// One OpenSpiel gin_rummy episode is one hand (deal to knock, gin or the
// wall). Each step of a hand is one action applied: at a chance node (a card
// dealt, or the card a draw from the stock turns up) an outcome drawn from
// ChanceOutcomes() by its probability; at a player's node an action drawn
// uniformly from LegalActions(). In `plain` mode the actions go to the one
// state in place; in `clone` mode, at every step (chance steps too), the
// state is cloned with State::Clone(), the action applied to the clone, and
// play goes on from the clone, the old state freed: the loop of a search
// that expands a child at each node.
//
// Prints the hands, the actions (all, and split into chance outcomes and
// player decisions), the hands that scored (a knock or gin: nonzero returns)
// and the CPU time (user + system, getrusage) of the play loop alone, not
// counting loading the game. Exit 0; 2 on a usage error. The same seed plays
// the same hands in both modes.
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "open_spiel/spiel.h"

namespace {

struct Counts {
  long hands = 0;
  long chance = 0;     // chance outcomes applied
  long decisions = 0;  // player actions applied
  long scored = 0;     // hands ending with nonzero returns
  long clones = 0;
};

double cpu_seconds() {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
         (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

// The action to apply at `state`: a chance outcome by its probability, or a
// legal action chosen uniformly. Counts it.
open_spiel::Action pick(const open_spiel::State& state, std::mt19937_64& rng,
                        Counts& c) {
  if (state.IsChanceNode()) {
    open_spiel::ActionsAndProbs outcomes = state.ChanceOutcomes();
    double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    c.chance++;
    for (const auto& [action, p] : outcomes) {
      if (u < p) return action;
      u -= p;
    }
    return outcomes.back().first;  // rounding left u just above the last p
  }
  std::vector<open_spiel::Action> legal = state.LegalActions();
  c.decisions++;
  return legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
}

// Plays one hand from the initial state to its end.
void play_hand(const open_spiel::Game& game, bool clone, std::mt19937_64& rng,
               Counts& c) {
  std::unique_ptr<open_spiel::State> state = game.NewInitialState();
  while (!state->IsTerminal()) {
    open_spiel::Action a = pick(*state, rng, c);
    if (clone) {
      std::unique_ptr<open_spiel::State> child = state->Clone();
      c.clones++;
      child->ApplyAction(a);
      state = std::move(child);
    } else {
      state->ApplyAction(a);
    }
  }
  c.hands++;
  if (state->Returns()[0] != 0) c.scored++;
}

int usage() {
  std::fprintf(stderr,
               "usage: gin-bench [--mode clone|plain] [-n HANDS] [--seed S] "
               "[--json]\n");
  return 2;
}

// A whole number >= min from `s`, or -1.
long parse_count(const char* s, long min) {
  char* end;
  long v = std::strtol(s, &end, 10);
  return (*s && !*end && v >= min) ? v : -1;
}

}  // namespace

int main(int argc, char** argv) {
  bool clone = true, json = false;
  long hands = 1000, seed = 1;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!std::strcmp(a, "--json")) {
      json = true;
    } else if (!std::strcmp(a, "--mode") && v) {
      if (!std::strcmp(v, "clone")) clone = true;
      else if (!std::strcmp(v, "plain")) clone = false;
      else return usage();
      i++;
    } else if (!std::strcmp(a, "-n") && v) {
      if ((hands = parse_count(v, 1)) < 0) return usage();
      i++;
    } else if (!std::strcmp(a, "--seed") && v) {
      if ((seed = parse_count(v, 0)) < 0) return usage();
      i++;
    } else {
      return usage();
    }
  }

  std::shared_ptr<const open_spiel::Game> game =
      open_spiel::LoadGame("gin_rummy");
  std::mt19937_64 rng(seed);
  Counts c;
  double t0 = cpu_seconds();
  for (long h = 0; h < hands; h++) play_hand(*game, clone, rng, c);
  double cpu = cpu_seconds() - t0;

  long actions = c.chance + c.decisions;
  double per_s = cpu > 0 ? 1 / cpu : 0;
  const char* mode = clone ? "clone" : "plain";
  if (json) {
    std::printf(
        "{\"game\": \"gin_rummy\", \"mode\": \"%s\", \"seed\": %ld, "
        "\"hands\": %ld, \"actions\": %ld, \"chance_actions\": %ld, "
        "\"decisions\": %ld, \"hands_scored\": %ld, \"clones\": %ld, "
        "\"loop_cpu_s\": %.3f, \"hands_per_cpu_s\": %.1f, "
        "\"actions_per_cpu_s\": %.1f, \"decisions_per_cpu_s\": %.1f}\n",
        mode, seed, c.hands, actions, c.chance, c.decisions, c.scored,
        c.clones, cpu, c.hands * per_s, actions * per_s,
        c.decisions * per_s);
  } else {
    std::printf("game         gin_rummy (OpenSpiel), random play, %s mode\n",
                mode);
    std::printf("hands        %ld (%ld scored: knock or gin)\n", c.hands,
                c.scored);
    std::printf("actions      %ld (%ld chance, %ld decisions)\n", actions,
                c.chance, c.decisions);
    std::printf("clones       %ld\n", c.clones);
    std::printf("loop cpu     %.3f s\n", cpu);
    std::printf("hands/s      %.1f\n", c.hands * per_s);
    std::printf("actions/s    %.1f\n", actions * per_s);
    std::printf("decisions/s  %.1f\n", c.decisions * per_s);
  }
  return 0;
}
