# fuda -- build, test, bench, install.
#
#   make            install missing Debian packages, build ./fuda
#   make play       ... and start a game of Gin Rummy against a bot
#   make repl       ... and start the fuda REPL
#   make test       ... and run every suite (ends with "N passed, N failed");
#                   a suite running past FUDA_SUITE_TIMEOUT seconds (300) is
#                   stopped and fails; FUDA_SUITES="c/* lua/gin_*" runs some
#   make asan       the test suite under AddressSanitizer and UBSan (a suite may take
#                   1200 s there, FUDA_SUITE_TIMEOUT: the build runs some 3 times slower)
#   make mutants    mutation testing: each slip of tests/mutants.txt alone in a
#                   scratch copy, and whether the suites catch it (minutes)
#   make bench      every figure of the speed issue (issue 8), one a line with
#                   its unit: meld searches/s, random gin hands/s, zun and
#                   dobon games/s, basic-bot gin hands/s, sim -j 2 over -j 1,
#                   memory per live match, the default `fuda check gin` time
#                   (tools/bench.sh; BENCH_SCALE=S scales the runs, 1 takes
#                   a minute or two; BENCH_JSON=FILE also writes them as JSON)
#   make bench BASE=REV  ... and the same figures of revision REV, built in a
#                   temporary git worktree by its own Makefile (removed
#                   after), the two builds run alternately BENCH_ROUNDS times
#                   (3): the median of each figure for both, and new/base;
#                   time figures are noisy on a shared machine, instruction
#                   counts are not: BENCH_FIGURES=instr (callgrind, slow)
#   make openspiel-bench  fuda side by side with OpenSpiel's gin_rummy: random
#                   gin hands per CPU second of both (OpenSpiel cloning the
#                   state at each step, and not), alternately, medians of 3,
#                   the ratio fuda/OpenSpiel per hand and per move. Builds
#                   OpenSpiel's game framework and gin_rummy (with the abseil
#                   they link) into build-openspiel/ from OPENSPIEL_SRC=DIR, a
#                   checkout of its sources (no network; how to get them:
#                   tools/openspiel.sh, docs/performance.md). Needs g++,
#                   nlohmann-json3-dev, time (installed if missing)
#   make profile    a Lua 5.4 built with symbols and a fuda linked to it in
#                   build-profile/, then `perf record -g` of a random gin sim
#                   and the top of `perf report` (callgrind when perf cannot
#                   record; PROFILE_ARGS="zun -n 5 --seats 4" profiles another
#                   sim). Lua's source comes from Debian: `apt-get source
#                   lua5.4` with a private apt configuration in
#                   build-profile/apt/ (a deb-src line for deb.debian.org
#                   bookworm, its own lists and cache; no system file changes),
#                   once. Needs network the first time, dpkg-dev, linux-perf
#                   (or valgrind). See tools/profile.sh.
#   make lua-module build/fuda.so, for `require "fuda"` in a stock lua5.4
#   make python     build/python/fuda: `import fuda` in python3 (PYTHON, the
#                   interpreter it is built for) with PYTHONPATH=build/python,
#                   the engine as a CPython extension (docs/python.md)
#   make fuzz       the libFuzzer targets (FUZZ_SECONDS each)
#   make fuzz-scripts  random variant scripts run under the engine, looking
#                   for escapes (FUZZ_SCRIPTS_N executions; see below)
#   make install    PREFIX=/usr/local: bin/fuda, share/fuda/variants and
#                   docs/rules, the manual page share/man/man1/fuda.1, the
#                   LuaLS annotations share/fuda/lua/fuda.lua and the luacheck
#                   standards share/fuda/luacheckrc (see docs/authoring.md),
#                   and the Python package fuda where PYTHON looks under PREFIX
#                   (tools/python_site.py: its platlib for PREFIX)

PREFIX ?= /usr/local
CC ?= cc
BUILD ?= build
OPT ?= -O2
CFLAGS ?= $(OPT) -g
WARN = -std=c99 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-unused-parameter
LUA_CFLAGS = $(shell pkg-config --cflags lua5.4 2>/dev/null || echo -I/usr/include/lua5.4)
LUA_LIBS = $(shell pkg-config --libs lua5.4 2>/dev/null || echo -llua5.4)
ALL_CFLAGS = $(WARN) -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(SAN) -Icore -Ilua-bindings
# Dependencies: every compile also writes the headers (and included .c files)
# it read into a .d file, included below: an object next to itself
# (build/core/card.d), a program built from one source in $(BUILD)/dep/.
# -MP keeps make going when a header is deleted.
DEPFLAGS = -MMD -MP
DEPOUT = -MF $(BUILD)/dep/$(@:$(BUILD)/%=%).d -MT $@
SECCOMP_LIBS = $(shell pkg-config --libs libseccomp 2>/dev/null || echo -lseccomp)
LDLIBS = $(LUA_LIBS) -lreadline $(SECCOMP_LIBS) -lpthread -lm
JOBS ?= 2

CORE_SRC = $(wildcard core/*.c)
BIND_SRC = $(wildcard lua-bindings/*.c)
REPL_SRC = $(wildcard repl/*.c)
CTEST_SRC = $(wildcard tests/c/test_*.c)
CORE_OBJ = $(CORE_SRC:%.c=$(BUILD)/%.o)
BIND_OBJ = $(BIND_SRC:%.c=$(BUILD)/%.o)
REPL_OBJ = $(REPL_SRC:%.c=$(BUILD)/%.o)
CTEST_BIN = $(CTEST_SRC:tests/c/%.c=$(BUILD)/tests/%)
PIC_OBJ = $(CORE_SRC:%.c=$(BUILD)/pic/%.o) $(BIND_SRC:%.c=$(BUILD)/pic/%.o)

.PHONY: all deps build play repl test asan bench openspiel-bench profile install clean fuzz fuzz-build lua-module mutants \
	fuzz-scripts fuzz-scripts-asan python

all: deps
	@$(MAKE) --no-print-directory build

build: $(BUILD)/fuda $(BUILD)/fuda-bench $(CTEST_BIN) $(BUILD)/fuzz-scripts
	@if [ "$(BUILD)" = build ] && ! cmp -s $(BUILD)/fuda fuda; then \
	    cp -p $(BUILD)/fuda fuda.tmp && mv -f fuda.tmp fuda; fi

deps:
	@PYTHON=$(PYTHON) sh tools/deps.sh

$(BUILD)/fuda: $(CORE_OBJ) $(BIND_OBJ) $(REPL_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/core/%.o: core/%.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/lua-bindings/%.o: lua-bindings/%.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(LUA_CFLAGS) -I$(BUILD)/gen -c -o $@ $<

# The variant loader is Lua, compiled into the program as a C string (named
# here too: the header must exist before the first compile writes loader.d).
$(BUILD)/lua-bindings/lloader.o $(BUILD)/pic/lua-bindings/lloader.o: $(BUILD)/gen/loader_lua.h $(BUILD)/gen/loader_check_lua.h $(BUILD)/gen/author_lua.h $(BUILD)/gen/author_moves_lua.h
$(BUILD)/gen/%_lua.h: lua-bindings/%.lua
	@mkdir -p $(dir $@)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

$(BUILD)/repl/%.o: repl/%.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(LUA_CFLAGS) -I$(BUILD)/gen -c -o $@ $<

# fuda's version: the release, and the commit it was built from when there is a
# git tree (`git describe`; "-dirty" for uncommitted changes). The header is
# rewritten only when the text changes, so a build does not redo it each time.
FUDA_RELEASE = 0.9
FUDA_GIT := $(shell git describe --always --dirty 2>/dev/null)
FUDA_VERSION = $(FUDA_RELEASE)$(if $(FUDA_GIT), ($(FUDA_GIT)))
$(BUILD)/gen/version.h: FORCE
	@mkdir -p $(dir $@)
	@echo '#define FUDA_VERSION "$(FUDA_VERSION)"' > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@
	@rm -f $@.tmp
$(BUILD)/repl/provenance.o $(BUILD)/repl/main.o: $(BUILD)/gen/version.h
FORCE:

$(BUILD)/libfudacore.a: $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

# A C test may #include a .c file of the program (test_input.c includes
# repl/input.c): its .d file names it. Every compile also depends on this
# Makefile, so a change of flags or rules (or a tree built before the .d
# files existed) rebuilds what it must.
$(BUILD)/tests/%: tests/c/%.c $(BUILD)/libfudacore.a Makefile
	@mkdir -p $(dir $@) $(dir $(BUILD)/dep/$(@:$(BUILD)/%=%))
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(DEPOUT) -o $@ $< $(BUILD)/libfudacore.a -lm

# The confinement test includes repl/confine.c and needs libseccomp.
$(BUILD)/tests/test_confine: tests/c/test_confine.c tests/c/test.h repl/confine.c repl/confine.h repl/sanitizer.h Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ tests/c/test_confine.c $(SECCOMP_LIBS) -lpthread

# The sharing test drives engines through engine.h: the whole of lua-bindings.
$(BUILD)/tests/test_share: tests/c/test_share.c tests/c/test.h $(CORE_OBJ) $(BIND_OBJ) Makefile
	@mkdir -p $(dir $@) $(dir $(BUILD)/dep/$(@:$(BUILD)/%=%))
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(DEPOUT) -o $@ $< $(CORE_OBJ) $(BIND_OBJ) $(LUA_LIBS) -lpthread -lm

# The pattern test compares lua-bindings/lpattern.c (over pattern.c) with the stock library.
$(BUILD)/tests/test_pattern: tests/c/test_pattern.c tests/c/test.h lua-bindings/lpattern.c lua-bindings/pattern.c lua-bindings/*.h core/*.h Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LUA_CFLAGS) -o $@ tests/c/test_pattern.c lua-bindings/lpattern.c lua-bindings/pattern.c $(LUA_LIBS) -lm

$(BUILD)/fuda-bench: tests/bench/bench.c $(BUILD)/libfudacore.a Makefile
	@mkdir -p $(dir $@) $(BUILD)/dep
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(DEPOUT) -o $@ $< $(BUILD)/libfudacore.a -lm

play: all
	./fuda play gin

repl: all
	./fuda

test: all
	@sh tools/deps.sh test
	@sh tests/run.sh $(BUILD) ./fuda

asan:
	@sh tools/deps.sh test
	@$(MAKE) --no-print-directory BUILD=build-asan OPT=-O1 \
	    SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	    build
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    FUDA_SUITE_TIMEOUT=$${FUDA_SUITE_TIMEOUT:-1200} sh tests/run.sh build-asan build-asan/fuda

# Mutation testing: each slip of tests/mutants.txt applied alone to a scratch
# copy of the tree, built and tested (minutes; not part of `make test`).
mutants: all
	@sh tools/deps.sh test
	@sh tools/mutants.sh

bench: all
	@sh tools/deps.sh bench
	@sh tools/bench.sh $(if $(BASE),--base $(BASE)) ./fuda $(BUILD)/fuda-bench

openspiel-bench: all
	@sh tools/deps.sh openspiel
	@nice -n 10 sh tools/openspiel.sh ./fuda

profile:
	@sh tools/deps.sh profile
	@sh tools/profile.sh $(PROFILE_ARGS)

# fuda as a C module for a stock lua5.4: require "fuda" gives the card and
# meld functions and fuda.match (variants from FUDA_PATH). Never unloaded
# (-z nodelete): the time limit's watchdog thread and signal handler live in
# it, and Lua unloads C modules when its state closes.
lua-module: $(BUILD)/fuda.so
$(BUILD)/fuda.so: $(PIC_OBJ)
	$(CC) -shared -Wl,-z,nodelete -o $@ $(PIC_OBJ) -lpthread -lm

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -D_POSIX_C_SOURCE=200809L $(CFLAGS) $(DEPFLAGS) -fPIC -Icore -Ilua-bindings \
	    -I$(BUILD)/gen $(LUA_CFLAGS) -c -o $@ $<

# fuda for Python: the CPython extension fuda._fuda (python/*.c over the PIC
# objects above, and repl/confine.c for fuda.confine), linked to Debian's
# liblua5.4 and libseccomp, and the pure-Python package python/fuda/ beside
# it in $(BUILD)/python/fuda/. _paths.py tells the package where the built-in
# variants are: this tree's variants/ here, PREFIX's share/fuda/variants
# once installed. Never unloaded, as the Lua module (-z nodelete).
PYTHON ?= python3
PY_INCLUDE = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
PY_EXT = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
PY_OBJ = $(patsubst %.c,$(BUILD)/pic/%.o,$(wildcard python/*.c)) $(BUILD)/pic/repl/confine.o
PY_PKG = $(patsubst python/%,$(BUILD)/python/%,$(wildcard python/fuda/*.py))

python: deps
	@$(MAKE) --no-print-directory $(BUILD)/python/fuda/_fuda$(PY_EXT) $(PY_PKG) $(BUILD)/python/fuda/_paths.py

$(BUILD)/python/fuda/_fuda$(PY_EXT): $(PIC_OBJ) $(PY_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-z,nodelete -o $@ $(PIC_OBJ) $(PY_OBJ) $(LUA_LIBS) $(SECCOMP_LIBS) -lpthread -lm

$(BUILD)/pic/python/%.o: python/%.c python/pyfuda.h python/env.h Makefile
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -Wno-missing-field-initializers $(CFLAGS) $(DEPFLAGS) -fPIC -fvisibility=hidden -Icore \
	    -Ilua-bindings -Irepl -I$(PY_INCLUDE) -c -o $@ $<

$(BUILD)/python/fuda/%.py: python/fuda/%.py
	@mkdir -p $(dir $@)
	cp $< $@

$(BUILD)/python/fuda/_paths.py: Makefile
	@mkdir -p $(dir $@)
	printf '# where the built-in variants are (written by make)\nVARIANTS = %s\n' "'$(CURDIR)/variants'" > $@

# Fuzzing (libFuzzer, from Debian's clang): the card parser, what players
# type, and the saved-log reader. `make fuzz` runs each for FUZZ_SECONDS;
# the test suite runs a short smoke run of each (tests/e2e/fuzz_smoke.sh).
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -D_POSIX_C_SOURCE=200809L -Icore -Ilua-bindings -Irepl
FUZZ_BIN = build-fuzz/fuzz_card build-fuzz/fuzz_input build-fuzz/fuzz_log
FUZZ_CORE = $(CORE_SRC:%.c=build-fuzz/obj/%.o)
FUZZ_BIND = $(BIND_SRC:%.c=build-fuzz/obj/%.o)

fuzz-build:
	@sh tools/deps.sh test
	@$(MAKE) --no-print-directory $(FUZZ_BIN)

# Each source is compiled once into build-fuzz/obj/, with its .d file.
build-fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(DEPFLAGS) $(LUA_CFLAGS) -I$(BUILD)/gen -c -o $@ $<
build-fuzz/obj/lua-bindings/lloader.o: $(BUILD)/gen/loader_lua.h $(BUILD)/gen/loader_check_lua.h $(BUILD)/gen/author_lua.h $(BUILD)/gen/author_moves_lua.h

build-fuzz/fuzz_card: build-fuzz/obj/tests/fuzz/fuzz_card.o $(FUZZ_CORE)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ -lm

build-fuzz/fuzz_input: build-fuzz/obj/tests/fuzz/fuzz_input.o build-fuzz/obj/repl/input.o $(FUZZ_CORE)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ -lm

build-fuzz/fuzz_log: build-fuzz/obj/tests/fuzz/fuzz_log.o $(FUZZ_CORE) $(FUZZ_BIND)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ $(LUA_LIBS) -lm

fuzz: fuzz-build
	@for t in card input log; do \
	    mkdir -p build-fuzz/corpus-$$t && cp -n tests/fuzz/corpus/$$t/* build-fuzz/corpus-$$t/ ; \
	    echo "== fuzz_$$t ($(FUZZ_SECONDS) s)"; \
	    FUDA_PATH=tests/variants build-fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) \
	        -max_len=512 build-fuzz/corpus-$$t || exit 1; \
	done

# The script fuzzer (tests/fuzz/fuzz_scripts.c, scriptgen.c): random variant
# scripts from the Lua API and the standard library, mixed with hostile
# fragments, run in-process under the engine with small limits, looking for
# escapes (crash, hang, a call past its limit, a message without a place, a
# refused action that changed the state, a log that does not replay, output
# other than print's, a probe reaching what the sandbox leaves out, a leak).
# FUZZ_SCRIPTS_N executions (1000000) on FUZZ_SCRIPTS_JOBS workers (2), seed
# FUZZ_SCRIPTS_SEED (1), FUZZ_SCRIPTS_FLAGS passed on (--off CLASS,...,
# --check-every K); prints execs/s and the findings, saved with their scripts
# in BUILD/fuzz-findings (emptied first); exits 1 on any. `make fuzz-scripts-asan` builds and
# runs it under ASan and UBSan (FUZZ_SCRIPTS_ASAN_N executions, 100000).
FUZZ_SCRIPTS_N ?= 1000000
FUZZ_SCRIPTS_ASAN_N ?= 100000
FUZZ_SCRIPTS_JOBS ?= 2
FUZZ_SCRIPTS_SEED ?= 1
FUZZ_SCRIPTS_FLAGS ?=
FUZZ_SCRIPTS_SRC = tests/fuzz/fuzz_scripts.c tests/fuzz/scriptgen.c

$(BUILD)/fuzz-scripts: $(FUZZ_SCRIPTS_SRC) tests/fuzz/scriptgen.h $(CORE_OBJ) $(BIND_OBJ) Makefile
	$(CC) $(ALL_CFLAGS) $(LUA_CFLAGS) -o $@ $(FUZZ_SCRIPTS_SRC) $(CORE_OBJ) $(BIND_OBJ) $(LUA_LIBS) -lpthread -lm

fuzz-scripts: all
	@$(MAKE) --no-print-directory $(BUILD)/fuzz-scripts
	@rm -rf $(BUILD)/fuzz-findings
	$(BUILD)/fuzz-scripts -n $(FUZZ_SCRIPTS_N) -j $(FUZZ_SCRIPTS_JOBS) --seed $(FUZZ_SCRIPTS_SEED) \
	    --findings $(BUILD)/fuzz-findings --fuda $(BUILD)/fuda $(FUZZ_SCRIPTS_FLAGS)

fuzz-scripts-asan:
	@sh tools/deps.sh test
	@$(MAKE) --no-print-directory BUILD=build-asan OPT=-O1 \
	    SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	    build build-asan/fuzz-scripts
	@rm -rf build-asan/fuzz-findings
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 FUZZ_LSAN=1 build-asan/fuzz-scripts \
	    -n $(FUZZ_SCRIPTS_ASAN_N) -j $(FUZZ_SCRIPTS_JOBS) --seed $(FUZZ_SCRIPTS_SEED) \
	    --findings build-asan/fuzz-findings --fuda build-asan/fuda $(FUZZ_SCRIPTS_FLAGS)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/fuda/variants/lib \
	    $(DESTDIR)$(PREFIX)/share/fuda/docs/rules $(DESTDIR)$(PREFIX)/share/fuda/lua \
	    $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 fuda $(DESTDIR)$(PREFIX)/bin/fuda
	install -m 644 docs/fuda.1 $(DESTDIR)$(PREFIX)/share/man/man1/fuda.1
	install -m 644 docs/lua/fuda.lua $(DESTDIR)$(PREFIX)/share/fuda/lua/fuda.lua
	install -m 644 docs/lua/luacheckrc $(DESTDIR)$(PREFIX)/share/fuda/luacheckrc
	install -m 644 docs/rules/*.md $(DESTDIR)$(PREFIX)/share/fuda/docs/rules/
	install -m 644 variants/*.lua $(DESTDIR)$(PREFIX)/share/fuda/variants/
	if ls variants/lib/*.lua >/dev/null 2>&1; then install -m 644 variants/lib/*.lua $(DESTDIR)$(PREFIX)/share/fuda/variants/lib/; fi
	@$(MAKE) --no-print-directory python
	site=$$($(PYTHON) tools/python_site.py "$(PREFIX)") && \
	install -d "$(DESTDIR)$$site/fuda" && \
	install -m 644 $(BUILD)/python/fuda/*.py "$(DESTDIR)$$site/fuda/" && \
	install -m 755 $(BUILD)/python/fuda/_fuda$(PY_EXT) "$(DESTDIR)$$site/fuda/" && \
	printf '# where the built-in variants are (written by make install)\nVARIANTS = %s\n' \
	    "'$(PREFIX)/share/fuda/variants'" > "$(DESTDIR)$$site/fuda/_paths.py"

clean:
	rm -rf build build-asan build-fuzz build-openspiel fuda

# The dependency files written by the compiles above (none before the first).
-include $(wildcard $(BUILD)/*/*.d $(BUILD)/*/*/*.d build-fuzz/obj/*/*.d build-fuzz/obj/*/*/*.d)
