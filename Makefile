# The two commands of the quick start: `make run` and `make test`.
PRESET ?= dev
BUILD_DIR = build/$(PRESET)

.PHONY: deps configure build run test bench fuzz sanitize clean

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

bench: build
	@bash bench/run.sh $(BUILD_DIR)

sanitize:
	@$(MAKE) --no-print-directory test PRESET=asan
	@$(MAKE) --no-print-directory test PRESET=tsan

clean:
	@rm -rf build
