# Clubhouse League — every routine task is a make target.
#   make run          install what is missing, build (release) and start the app
#   make test         install what tests need, build, run every test
#   make bench        benchmarks, reported as figures (never asserted)
#   make screenshots  regenerate screenshots/ from the real app

SWIFT      ?= swift
RELEASE_BIN = .build/release/clubhouse
DEBUG_BIN   = .build/debug/clubhouse

# Debian packages: what building needs, and what the tests need on top.
BUILD_PKGS = libncurses-dev libsqlite3-dev libsodium-dev libmicrohttpd-dev pkg-config
TEST_PKGS  = $(BUILD_PKGS) tmux locales openssh-server openssh-client
BENCH_PKGS = $(BUILD_PKGS) wrk

.PHONY: run build test bench screenshots deps test-deps bench-deps clean

run: deps
	$(SWIFT) build -c release --product clubhouse
	$(RELEASE_BIN) $(ARGS)

build: deps
	$(SWIFT) build -c release --product clubhouse

test: test-deps
	$(SWIFT) build --build-tests
	CLUBHOUSE_BIN=$(CURDIR)/$(DEBUG_BIN) $(SWIFT) test --skip-build

bench: bench-deps
	$(SWIFT) build -c release --product clubhouse
	$(SWIFT) build -c release --product clubhouse-bench
	.build/release/clubhouse-bench $(ARGS)

screenshots: test-deps
	$(SWIFT) build -c release --product clubhouse
	./scripts/screenshots.sh

deps:
	@./scripts/install-packages.sh $(BUILD_PKGS)

test-deps:
	@./scripts/install-packages.sh $(TEST_PKGS)

bench-deps:
	@./scripts/install-packages.sh $(BENCH_PKGS)

clean:
	rm -rf .build
