# build.mk -- builds OUT/gin-bench (tools/openspiel/gin_bench.cc) from
# OpenSpiel's own sources: the game framework and gin_rummy, and the part of
# abseil they link, nothing else of either (no other game, no algorithm but
# the observation history gin_rummy keeps, no Python). Run by
# tools/openspiel.sh, which makes OUT/include first (see there); not part of
# fuda's build.
#
#   make -f tools/openspiel/build.mk OPENSPIEL_SRC=DIR ABSEIL_SRC=DIR OUT=DIR
#                                   [OPENSPIEL_CXXFLAGS=-O2] [-j2]
#
# OPENSPIEL_SRC is a checkout of github.com/google-deepmind/open_spiel (the
# folder holding open_spiel/spiel.cc), ABSEIL_SRC one of abseil-cpp at the
# release OpenSpiel's install.sh pins (20250814.1 at OpenSpiel 112b777; the
# folder holding absl/). The abseil files below are those the link of
# gin-bench takes on Linux (found with -Wl,-Map), with a few more that other
# flags (-O3 -DNDEBUG needs city.cc) or a system without futexes (the other
# waiters) take; they go into an archive, so the link takes only what it
# needs. Another release of abseil may need others: the link then names them.
# Every object also depends on OUT/flags (the compiler, its flags and the
# source folders, rewritten only when they change) and on the headers it
# read (-MMD), so a change of any of them rebuilds what it must.

CXX ?= g++
OPENSPIEL_CXXFLAGS ?= -O2
ABSEIL_SRC ?= $(OPENSPIEL_SRC)/open_spiel/abseil-cpp
ALL_CXXFLAGS = -std=c++17 $(OPENSPIEL_CXXFLAGS) -I$(OPENSPIEL_SRC) -I$(ABSEIL_SRC) -I$(OUT)/include

# OpenSpiel: the framework, the game, and what they call
OS_FILES = open_spiel/spiel.cc open_spiel/spiel_utils.cc open_spiel/game_parameters.cc \
	open_spiel/observer.cc open_spiel/algorithms/observation_history.cc \
	open_spiel/utils/usage_logging.cc open_spiel/utils/status.cc \
	open_spiel/games/gin_rummy/gin_rummy.cc open_spiel/games/gin_rummy/gin_rummy_utils.cc

ABSL_FILES = $(addprefix absl/, \
	base/log_severity.cc base/internal/cycleclock.cc base/internal/low_level_alloc.cc base/internal/raw_logging.cc \
	base/internal/spinlock.cc base/internal/spinlock_wait.cc base/internal/strerror.cc \
	base/internal/sysinfo.cc base/internal/tracing.cc \
	base/internal/thread_identity.cc base/internal/throw_delegate.cc \
	base/internal/unscaledcycleclock.cc \
	container/internal/hashtablez_sampler.cc \
	container/internal/hashtablez_sampler_force_weak_definition.cc container/internal/raw_hash_set.cc \
	debugging/stacktrace.cc debugging/symbolize.cc debugging/internal/address_is_readable.cc \
	debugging/internal/decode_rust_punycode.cc debugging/internal/demangle.cc \
	debugging/internal/demangle_rust.cc debugging/internal/elf_mem_image.cc \
	debugging/internal/utf8_for_code_point.cc debugging/internal/vdso_support.cc \
	hash/internal/city.cc hash/internal/hash.cc numeric/int128.cc \
	profiling/internal/exponential_biased.cc \
	strings/ascii.cc strings/charconv.cc strings/match.cc strings/numbers.cc strings/str_cat.cc \
	strings/str_replace.cc strings/str_split.cc strings/string_view.cc \
	strings/internal/charconv_bigint.cc \
	strings/internal/charconv_parse.cc strings/internal/memutil.cc strings/internal/utf8.cc \
	strings/internal/str_format/arg.cc strings/internal/str_format/bind.cc \
	strings/internal/str_format/extension.cc strings/internal/str_format/float_conversion.cc \
	strings/internal/str_format/output.cc strings/internal/str_format/parser.cc \
	synchronization/mutex.cc synchronization/internal/create_thread_identity.cc \
	synchronization/internal/futex_waiter.cc synchronization/internal/graphcycles.cc \
	synchronization/internal/kernel_timeout.cc synchronization/internal/per_thread_sem.cc \
	synchronization/internal/pthread_waiter.cc synchronization/internal/sem_waiter.cc \
	synchronization/internal/stdcpp_waiter.cc synchronization/internal/waiter_base.cc \
	time/clock.cc time/duration.cc time/time.cc \
	time/internal/cctz/src/time_zone_fixed.cc time/internal/cctz/src/time_zone_if.cc \
	time/internal/cctz/src/time_zone_impl.cc time/internal/cctz/src/time_zone_info.cc \
	time/internal/cctz/src/time_zone_libc.cc time/internal/cctz/src/time_zone_lookup.cc \
	time/internal/cctz/src/time_zone_posix.cc time/internal/cctz/src/zone_info_source.cc)

OS_OBJ = $(OS_FILES:%.cc=$(OUT)/obj/%.o)
ABSL_OBJ = $(ABSL_FILES:%.cc=$(OUT)/obj/%.o)
DRIVER = $(dir $(lastword $(MAKEFILE_LIST)))gin_bench.cc

$(OUT)/gin-bench: $(OUT)/obj/gin_bench.o $(OS_OBJ) $(OUT)/libabsl-min.a
	$(CXX) $(OPENSPIEL_CXXFLAGS) -o $@ $(OUT)/obj/gin_bench.o $(OS_OBJ) $(OUT)/libabsl-min.a -lpthread

$(OUT)/libabsl-min.a: $(ABSL_OBJ)
	@rm -f $@
	ar rcs $@ $(ABSL_OBJ)

# the driver is ours: warnings on, OpenSpiel's and abseil's headers as system
# headers (their own warnings are theirs)
$(OUT)/obj/gin_bench.o: $(DRIVER) $(OUT)/flags
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 $(OPENSPIEL_CXXFLAGS) -Wall -Wextra -isystem $(OPENSPIEL_SRC) -isystem $(ABSEIL_SRC) \
	    -isystem $(OUT)/include -MMD -MP -c -o $@ $<

$(OUT)/obj/open_spiel/%.o: $(OPENSPIEL_SRC)/open_spiel/%.cc $(OUT)/flags
	@mkdir -p $(dir $@)
	$(CXX) $(ALL_CXXFLAGS) -MMD -MP -c -o $@ $<

$(OUT)/obj/absl/%.o: $(ABSEIL_SRC)/absl/%.cc $(OUT)/flags
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 $(OPENSPIEL_CXXFLAGS) -I$(ABSEIL_SRC) -MMD -MP -c -o $@ $<

$(OUT)/flags: FORCE
	@mkdir -p $(OUT)
	@echo '$(CXX) $(ALL_CXXFLAGS)' > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@
	@rm -f $@.tmp
FORCE:

.PHONY: FORCE
-include $(OS_OBJ:.o=.d) $(ABSL_OBJ:.o=.d) $(OUT)/obj/gin_bench.d
