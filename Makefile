# export-itinerary: the README's two commands are `make demo` and `make test`.
# Both install what is missing (Debian packages via apt-get), check the committed fonts and build.

SWIFT ?= swift
# Where SwiftPM builds. Another system's build needs a folder of its own (its module caches hold
# that system's headers): scripts/debian13-test.sh sets SCRATCH=.build-debian13.
SCRATCH ?= .build
BUILD := $(SWIFT) build --scratch-path $(SCRATCH)
BIN := $(SCRATCH)/release/export-itinerary
EXAMPLES := $(wildcard Examples/*.json)

.PHONY: all deps fonts build release install deb uninstall demo test test-slurm test-debian13 lint format goldens bench bench-batch fuzz clean

all: build

deps:
	scripts/install-deps.sh

# The hermetic fonts are committed in Fonts/; this checks each against Fonts/fonts.lock.
fonts:
	scripts/check-fonts.sh

build: deps fonts
	$(BUILD)

# The Swift runtime and Foundation linked in: a self-contained binary that starts ~15 ms faster
# (fewer shared libraries to load and relocate).
RELEASE_FLAGS := -c release --static-swift-stdlib

release: deps fonts
	$(BUILD) $(RELEASE_FLAGS)

# Install the release build under PREFIX: the command in PREFIX/bin, its fonts, templates and StoreKit
# catalog in PREFIX/share/export-itinerary/ (where the command finds them). DESTDIR stages for packaging.
PREFIX ?= /usr/local
DESTDIR ?=
install: release
	scripts/install.sh $(BIN) $(PREFIX) $(DESTDIR)

# A Debian package of the same layout under /usr, its library dependencies declared
# (scripts/make-deb.sh): out/export-itinerary_VERSION_ARCH.deb. Build it on the release it is for.
deb: release
	scripts/make-deb.sh $(BIN) out

uninstall:
	@case "$(PREFIX)" in /?*) ;; *) echo "uninstall: PREFIX must be an absolute path, not '$(PREFIX)'" >&2; exit 1 ;; esac
	rm -f $(DESTDIR)$(PREFIX)/bin/export-itinerary
	rm -rf $(DESTDIR)$(PREFIX)/share/export-itinerary

# Export every example trip to out/ in both templates (classic, Letter; compact, A4). PDF export is a Pro feature:
# the demo first makes a local test purchase (storekit-test) in a throwaway store, out/demo-store.
DEMO_STORE := out/demo-store
demo: release
	@mkdir -p out
	@rm -rf $(DEMO_STORE)
	@$(BIN) entitlements init --bundle-id com.sportstime.app --store $(DEMO_STORE) >/dev/null
	@$(BIN) storekit-test enable --store $(DEMO_STORE) >/dev/null
	@$(BIN) storekit-test purchase com.sportstime.pro.annual --store $(DEMO_STORE)
	@for trip in $(EXAMPLES); do \
	  name=$$(basename $$trip .json); \
	  for template in classic compact; do \
	    file=out/$$name$$( [ $$template = classic ] || echo -$$template ).pdf; \
	    $(BIN) $$trip $$file --template $$template --store $(DEMO_STORE) || exit $$?; \
	    pages=$$(pdfinfo $$file | awk '/^Pages:/ {print $$2}'); \
	    echo "$$file ($$pages page$$( [ "$$pages" = 1 ] || echo s))"; \
	  done; \
	done

# The tests write only into TEST_RUN (emptied first); it is removed when every test passes and kept,
# its path printed, when one fails (the golden comparisons' pages and diffs are there).
TEST_RUN := $(CURDIR)/Tests/.artifacts/run$(subst .,-,$(notdir $(SCRATCH)))
test: deps fonts
	$(BUILD) --build-tests
	@rm -rf $(TEST_RUN)
	@EXPORT_ITINERARY_TEST_SCRATCH=$(TEST_RUN) $(SWIFT) test --scratch-path $(SCRATCH) --skip-build; \
	  status=$$?; \
	  if [ $$status -eq 0 ]; then rm -rf $(TEST_RUN); else echo "make test: the failing run's files are kept in $(TEST_RUN)"; fi; \
	  exit $$status

# The toolchain's swift-format, configured by .swift-format (120 columns, the project's conventions): `make lint`
# fails on any file it would change (CI runs it), and on a test function that checks nothing
# (scripts/check-tests.py); `make format` rewrites what swift-format would change.
SWIFT_FILES := Sources Tests Fuzz Plugins bench Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)
	scripts/check-tests.py Tests

format:
	$(SWIFT) format --in-place --recursive --parallel $(SWIFT_FILES)

# A batch sharded over a four-task Slurm job array on a private one-node cluster, checked byte for byte
# against a one-machine batch (installs slurm-wlm and munge if missing; runs as root).
test-slurm:
	scripts/slurm-test.sh

# The whole test suite again inside a Debian 13 root (cairo 1.18, Pango 1.56: the libraries of
# today's distributions), made once with debootstrap into ~/.cache/export-itinerary/ and kept;
# runs as root. `scripts/debian13-test.sh -- CMD` runs any other command there.
test-debian13:
	scripts/debian13-test.sh

# Rewrite the golden references under Tests/Golden/ that the current renderer no longer matches (a
# run that rewrites one fails, naming each), then run the golden tests again to show they now hold.
goldens: deps fonts
	@UPDATE_GOLDENS=1 $(SWIFT) test --scratch-path $(SCRATCH) --filter GoldenTests \
	  || echo "make goldens: the references named above were rewritten; checking them again"
	$(SWIFT) test --scratch-path $(SCRATCH) --filter GoldenTests

bench: deps fonts
	SCRATCH=$(SCRATCH) SWIFT_RELEASE_FLAGS="$(RELEASE_FLAGS)" bench/run.sh

# libFuzzer over trips, templates, catalogs and imports: FUZZ_SECONDS (60) each (scripts/fuzz.sh).
fuzz: deps fonts
	scripts/fuzz.sh

# Batch export: documents/s at --jobs 1 and 2, RSS per worker, planning of a large --resume.
bench-batch: deps fonts
	SCRATCH=$(SCRATCH) SWIFT_RELEASE_FLAGS="$(RELEASE_FLAGS)" bench/batch.sh

clean:
	rm -rf .build .build-debian13 out Tests/.artifacts
