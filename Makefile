# Clubhouse League — every routine task is a make target.
#   make run          install what is missing, build (release) and start the app
#   make test         install what tests need, build, run every test
#   make bench        benchmarks, reported as figures (never asserted)
#   make screenshots  regenerate screenshots/ from the real app (deterministic: a frozen clock)
#   make install      install under PREFIX (/usr/local), staged under DESTDIR; make uninstall removes it

SWIFT      ?= swift
RELEASE_BIN = .build/release/clubhouse
DEBUG_BIN   = .build/debug/clubhouse
# Two binaries: clubhouse (the embedded app; links no networking library) and clubhouse-net (serve, --server,
# host-ssh, the SSH sessions), which clubhouse execs from beside itself.
BUILD_BINS  = $(SWIFT) build -c release --product clubhouse && $(SWIFT) build -c release --product clubhouse-net

# Debian packages: what building needs, and what the tests need on top.
BUILD_PKGS = libncurses-dev libsqlite3-dev libsodium-dev libmicrohttpd-dev libgnutls28-dev libpq-dev zlib1g-dev pkg-config
TEST_PKGS  = $(BUILD_PKGS) postgresql sqlite3 tmux locales openssh-server openssh-client man-db bash-completion openssl curl \
             python3-prometheus-client
BENCH_PKGS = $(BUILD_PKGS) postgresql haproxy wrk nginx-light tig htop openssl curl

.PHONY: run build test bench screenshots deps test-deps bench-deps clean install uninstall check-units

run: deps
	$(BUILD_BINS)
	$(RELEASE_BIN) $(ARGS)

build: deps
	$(BUILD_BINS)

test: test-deps
	@# ARCHITECTURE.md §9's rule, checked before anything is built: no file opened outside SQLite but the listed ones.
	./scripts/check-file-opens.sh
	@# README for users (≤ 400 lines, the two commands first), docs/ for operators, ARCHITECTURE.md's paths real.
	./scripts/check-docs.sh
	@# Every route defined once (Endpoints, ServiceRoutes): no /v1/ path written in the server, the client or the bench.
	./scripts/check-routes.sh
	@# No try? inside a store write (a savepoint through w.ifPossible instead): PostgreSQL aborts the transaction.
	./scripts/check-writes.sh
	@# The size rules: no Swift file over 450 lines, no type over 1,000 across its extensions, no store port over 30 methods.
	python3 ./scripts/check-structure.py
	@# Warnings are errors in debug builds (the end of Package.swift): this fails on any compiler warning in Sources or Tests.
	$(SWIFT) build --build-tests
	@# A throw-away PostgreSQL cluster, then the end-to-end tests in a process of their own beside the others
	@# (see the script for why).
	SWIFT=$(SWIFT) ./scripts/run-tests.sh $(CURDIR)/$(DEBUG_BIN)
	@$(MAKE) --no-print-directory check-units BIN=$(DEBUG_BIN)

bench: bench-deps
	$(BUILD_BINS)
	$(SWIFT) build -c release --product clubhouse-bench
	@pgdir=$$(mktemp -d) && trap './scripts/pg-test-cluster.sh stop "$$pgdir"' EXIT && \
	url=$$(./scripts/pg-test-cluster.sh start "$$pgdir") && \
	CLUBHOUSE_BENCH_POSTGRES=$$url .build/release/clubhouse-bench $(ARGS)

# Deterministic (a frozen clock): running it twice changes no file. BIN=.build/debug/clubhouse uses that build instead.
screenshots: test-deps
	$(if $(BIN),,$(BUILD_BINS))
	BIN='$(BIN)' ./scripts/screenshots.sh

deps:
	@./scripts/install-packages.sh $(BUILD_PKGS)

test-deps:
	@./scripts/install-packages.sh $(TEST_PKGS)

bench-deps:
	@./scripts/install-packages.sh $(BENCH_PKGS)

clean:
	rm -rf .build

# Installing, with the GNU conventions: PREFIX, DESTDIR (staging), nothing written outside DESTDIR$(PREFIX).
#   make install [PREFIX=/usr/local] [DESTDIR=/tmp/stage] [BIN=.build/debug/clubhouse]
# BIN: install this binary (and the clubhouse-net beside it) instead of building the release ones. The binary finds the season data in
# $(PREFIX)/share/clubhouse from its own path, wherever it is run from.
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share
MANDIR   = $(DATADIR)/man
BIN     ?=
INSTALL ?= install
SEASON_FILES = $(sort $(wildcard Sources/ClubhouseData/Resources/nflverse/*))
UNITS        = clubhouse-serve.service clubhouse-host-ssh.service clubhouse-backup.service clubhouse-backup.timer \
               clubhouse-season-refresh.service clubhouse-season-refresh.timer

# Without BIN, install builds the release binary only when there is none (run 'make build' first, as
# yourself: 'sudo make install' then only copies).
install: $(if $(BIN),,$(RELEASE_BIN))
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(DATADIR)/clubhouse/nflverse' '$(DESTDIR)$(DATADIR)/clubhouse/systemd' \
		'$(DESTDIR)$(MANDIR)/man1' '$(DESTDIR)$(DATADIR)/bash-completion/completions' '$(DESTDIR)$(DATADIR)/zsh/site-functions'
	$(INSTALL) -m 755 '$(or $(BIN),$(RELEASE_BIN))' '$(DESTDIR)$(BINDIR)/clubhouse'
	$(INSTALL) -m 755 '$(dir $(or $(BIN),$(RELEASE_BIN)))clubhouse-net' '$(DESTDIR)$(BINDIR)/clubhouse-net'
	$(INSTALL) -m 644 $(SEASON_FILES) '$(DESTDIR)$(DATADIR)/clubhouse/nflverse/'
	$(INSTALL) -m 644 dist/man/clubhouse.1 '$(DESTDIR)$(MANDIR)/man1/clubhouse.1'
	$(INSTALL) -m 644 dist/completion/clubhouse.bash '$(DESTDIR)$(DATADIR)/bash-completion/completions/clubhouse'
	$(INSTALL) -m 644 dist/completion/_clubhouse '$(DESTDIR)$(DATADIR)/zsh/site-functions/_clubhouse'
	for unit in $(UNITS); do \
		sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@DATADIR@|$(DATADIR)|g' dist/systemd/$$unit.in > '$(DESTDIR)$(DATADIR)/clubhouse/systemd/'$$unit.tmp && \
		chmod 644 '$(DESTDIR)$(DATADIR)/clubhouse/systemd/'$$unit.tmp && \
		mv -f '$(DESTDIR)$(DATADIR)/clubhouse/systemd/'$$unit.tmp '$(DESTDIR)$(DATADIR)/clubhouse/systemd/'$$unit || exit 1; \
	done

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/clubhouse' '$(DESTDIR)$(BINDIR)/clubhouse-net' '$(DESTDIR)$(MANDIR)/man1/clubhouse.1' \
		'$(DESTDIR)$(DATADIR)/bash-completion/completions/clubhouse' '$(DESTDIR)$(DATADIR)/zsh/site-functions/_clubhouse'
	rm -f $(addprefix '$(DESTDIR)$(DATADIR)/clubhouse/nflverse/,$(addsuffix ',$(notdir $(SEASON_FILES))))
	rm -f $(addprefix '$(DESTDIR)$(DATADIR)/clubhouse/systemd/,$(addsuffix ',$(UNITS)))
	-rmdir '$(DESTDIR)$(DATADIR)/clubhouse/nflverse' '$(DESTDIR)$(DATADIR)/clubhouse/systemd' '$(DESTDIR)$(DATADIR)/clubhouse'

# systemd-analyze verify on both units, installed into a scratch PREFIX (so ExecStart= and man:clubhouse(1) exist).
# verify exits 0 on unknown keys and bad values (it only prints them), so any output fails the check too.
SYSTEMD_ANALYZE ?= systemd-analyze
$(RELEASE_BIN):
	$(MAKE) build

check-units: $(if $(BIN),,$(RELEASE_BIN))
	@if ! command -v $(SYSTEMD_ANALYZE) >/dev/null 2>&1; then \
		echo "check-units: skipped: no systemd-analyze (install systemd to verify $(UNITS))"; \
	else \
		tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
		$(MAKE) --no-print-directory -s install PREFIX="$$tmp" DESTDIR= BIN='$(or $(BIN),$(RELEASE_BIN))' >/dev/null && \
		out=$$(MANPATH="$$tmp/share/man:" $(SYSTEMD_ANALYZE) verify $(addprefix "$$tmp/share/clubhouse/systemd/",$(UNITS)) 2>&1); \
		status=$$?; \
		if [ $$status -ne 0 ] || [ -n "$$out" ]; then \
			printf '%s\n' "$$out"; echo "check-units: systemd-analyze verify rejects the units (status $$status)"; exit 1; \
		fi; \
		echo "check-units: systemd-analyze verify accepts $(UNITS)"; \
	fi
