# The README's two commands: `make run` and `make test`. Each installs what is missing
# (Debian packages, via sudo when not root), configures, builds, then runs.
BUILD      ?= build
JOBS       ?= $(shell nproc)
CMAKE_ARGS ?=
PACKAGES   := cmake ninja-build g++ pkg-config diffutils coreutils \
              qt6-base-dev libqcustomplot-dev liburing-dev libxxhash-dev xxhash libboost-math-dev libpcre2-dev \
              xvfb xauth x11-apps imagemagick poppler-utils time \
              groff-base man-db appstream dpkg-dev clang-format python3 ripgrep
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# gcc 12's ThreadSanitizer cannot cope with the kernel's high mmap randomisation.
NO_ASLR    := setarch $(shell uname -m) -R

.PHONY: all deps configure build run test test-main test-asan test-tsan bench package mutants clean help

all: build

help:
	@echo "make run    build and run the default demo/experiment on generated data"
	@echo "make test   build and run every test (also under ASan+UBSan and TSan)"
	@echo "make build  only build (into $(BUILD)/bin)"
	@echo "make bench  run the benchmark scripts under bench/ (minutes)"
	@echo "make mutants  plant each bug of tests/mutants/mutants.txt alone and check its tests catch it (long)"
	@echo "make package  build $(BUILD)/sfpbench_VERSION_ARCH.deb (apt install ./$(BUILD)/sfpbench_*.deb)"

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

configure: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@./scripts/run-default.sh $(BUILD)

test: test-main test-asan test-tsan

test-main: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# Engine tests only: the engine is where the threads are; Qt itself is not instrumented.
test-asan: deps
	@cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSFP_ENGINE_ONLY=ON \
	  -DSFP_SANITIZE=address,undefined $(CMAKE_ARGS) >/dev/null
	@cmake --build build-asan -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir build-asan --output-on-failure -L engine

test-tsan: deps
	@cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSFP_ENGINE_ONLY=ON \
	  -DSFP_SANITIZE=thread $(CMAKE_ARGS) >/dev/null
	@cmake --build build-tsan -j $(JOBS)
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  $(NO_ASLR) ctest --test-dir build-tsan --output-on-failure -L engine

bench: build
	@./bench/run-all.sh $(BUILD)

# Not part of `make test`: each planted bug is rebuilt and its tests run twice (docs/tests.md).
mutants: deps
	@JOBS=$(JOBS) MUTANTS_DIR=$(CURDIR)/$(BUILD)/mutants ./scripts/mutants.sh $(MUTANTS)

# The .deb of what `cmake --install` installs (cmake/Packaging.cmake), into $(BUILD)/.
package: build
	@cmake --build $(BUILD) --target package

clean:
	rm -rf $(BUILD) build-asan build-tsan
