# The two commands of the quick start: `make run` and `make test`.
PRESET ?= dev
BUILD_DIR = build/$(PRESET)

.PHONY: deps configure build run test test-tsan package package-check bench fuzz sanitize conformance node-tests difftest format-check tidy clean

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET)

run: build
	@$(BUILD_DIR)/app/loopscope $(ARGS)

test: build
	@ctest --preset $(PRESET)

# The Debian package (CPack): build/$(PRESET)/package/loopscope_VERSION-1_ARCH.deb, for `apt install ./FILE`.
package: build
	@cmake --build --preset $(PRESET) --target package >$(BUILD_DIR)/package.log || { cat $(BUILD_DIR)/package.log; exit 1; }
	@ls $(BUILD_DIR)/package/loopscope_*.deb

# The package installed by apt on a clean Debian 12 root made by mmdebstrap (root and the network
# needed), then a scenario and an attach run there.
package-check: package
	@LOOPSCOPE_EXTRA_DEPS="mmdebstrap" bash scripts/install-deps.sh
	@bash scripts/package-clean-root.sh $$(ls -t $(BUILD_DIR)/package/loopscope_*.deb | head -n 1)

bench: build
	@bash bench/run.sh $(BUILD_DIR)

# Each libFuzzer target runs FUZZ_SECONDS on a fresh copy of its seed corpus; crashes land in build/fuzz/artifacts.
FUZZ_SECONDS ?= 60
FUZZERS = program:tests/fuzz_corpus trace:tests/fuzz_trace_corpus http:tests/fuzz_http_corpus wire:tests/fuzz_wire_corpus elf:tests/fuzz_elf_corpus
fuzz:
	@LOOPSCOPE_EXTRA_DEPS="clang libclang-rt-14-dev" bash scripts/install-deps.sh
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz --target $(foreach f,$(FUZZERS),fuzz_$(firstword $(subst :, ,$(f))))
	@set -e; for entry in $(FUZZERS); do \
		name=$${entry%%:*}; seeds=$${entry#*:}; corpus=build/fuzz/corpus/$$name; \
		rm -rf $$corpus; mkdir -p $$corpus build/fuzz/artifacts; cp $$seeds/* $$corpus/; \
		dict=; if [ -f tests/fuzz_$$name.dict ]; then dict=-dict=tests/fuzz_$$name.dict; fi; \
		echo "fuzz: fuzz_$$name for $(FUZZ_SECONDS) s"; \
		build/fuzz/tests/fuzz_$$name $$corpus $$dict -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/$$name- \
			2> build/fuzz/fuzz_$$name.log || { tail -n 60 build/fuzz/fuzz_$$name.log; exit 1; }; \
		grep -E '^(stat::number_of_executed_runs|stat::peak_rss_mb)|^Done' build/fuzz/fuzz_$$name.log || true; \
	done

# Re-checks the conformance corpus against the installed Node: CONFORMANCE_ARGS=--update records its outputs.
conformance: build
	@python3 scripts/conformance.py $(BUILD_DIR)/app/loopscope $(CONFORMANCE_ARGS)

# Node's own tests, plain and under the probe in both modes (docs/NODE-TESTS.md): NODE_SRC names a Node
# source tree, NODE_TESTS_ARGS adds the script's options (--spread 1012 --report FILE, say).
node-tests: build
	@test -n "$(NODE_SRC)" || { echo "node-tests: NODE_SRC=/path/to/node-source names the tests' source tree"; exit 2; }
	@python3 scripts/node-tests.py "$(NODE_SRC)" --loopscope $(BUILD_DIR)/app/loopscope $(NODE_TESTS_ARGS)

# The sources as clang-format writes them (.clang-format); the generated scenario-text table is left as its script writes it.
FORMATTED = git ls-files '*.cpp' '*.h' | grep -v 'engine/catalog/scenariotexts.cpp'
format-check: deps
	@$(FORMATTED) | xargs clang-format --dry-run --Werror
	@echo "format-check: clean"

# clang-tidy (.clang-tidy) over engine/ and ui/, with the compile commands of the dev build.
tidy: build
	@git ls-files 'engine/*.cpp' 'ui/*.cpp' | xargs -P 2 -n 4 clang-tidy -p $(BUILD_DIR) --quiet --warnings-as-errors='*'

sanitize:
	@$(MAKE) --no-print-directory test PRESET=asan
	@$(MAKE) --no-print-directory test PRESET=tsan

# The engine's and the models' tests under ThreadSanitizer, as CI runs them: the loop thread, the pool, the
# session's housekeeper and its budget's abort, the recording's logs and the feed the models read.
TSAN_TESTS = loopthread eventlog wire blockingwork runtime stepping replay models
test-tsan: deps
	@cmake --preset tsan >/dev/null
	@cmake --build --preset tsan --target $(addprefix tst_,$(TSAN_TESTS))
	@ctest --preset tsan -R '^($(subst $(eval) ,|,$(strip $(TSAN_TESTS))))$$'

clean:
	@rm -rf build

# Random programs run in Node and LoopScope, mismatches reduced into build/difftest (tools/difftest/difftest.py --help).
DIFFTEST_ARGS ?= --seed 1 --seed 2 --seed 3 --count 100
difftest:
	@python3 tools/difftest/difftest.py $(BUILD_DIR)/app/loopscope $(DIFFTEST_ARGS)
