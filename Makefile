# Reelhouse developer commands. Every target creates the virtual environment on first use,
# from the pinned versions in requirements.lock.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: venv play test test-fast lint bench simulate par package clean-venv soak byte-flip faults app-faults storage-failures simulate-memory
.PHONY: manifest start-failures

# tasks.py creates .venv from requirements.lock (again when the lock changes) and writes the stamp.
$(STAMP): requirements.lock tasks.py
	$(PY) tasks.py venv

venv: $(STAMP)

## Start the game in a window.
play: $(STAMP)
	$(PY) tasks.py play

## Run the whole test suite (lint and types first). This is what CI runs.
test: $(STAMP)
	$(PY) tasks.py test

## The fast tier: everything not marked slow (engine, ledger, scene smoke).
test-fast: $(STAMP)
	$(PY) tasks.py test-fast

lint: $(STAMP)
	$(PY) tasks.py lint

## Speed benchmarks (print figures, never fail on time).
bench: $(STAMP)
	$(BIN)/python -m game bench stones
	$(BIN)/python -m game bench warlords
	$(BIN)/python -m game bench tombraider
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python main.py --bench

## Memory soak: a 5,000-round turbo autoplay, RSS at the start, after warm-up, at the end (figures).
soak: $(STAMP)
	$(BIN)/python -m tools.soak --rounds 5000

## Flip every byte of a small ledger, one at a time: each is detected or changes nothing (CI runs it).
byte-flip: $(STAMP)
	$(BIN)/python -m tests.game.byte_flip

## Every storage failure against the real app (real permissions, a full and a read-only tmpfs,
## signals; root for the tmpfs cases): the exit code and the sentence shown, as a Markdown table.
storage-failures: $(STAMP)
	$(BIN)/python -m tools.storage_failures

## Start-ups that must end in one sentence (settings as a FIFO, a 300-character folder name,
## --window 100000x100000, low memory, changed game data ...): exit code and sentence, a Markdown table.
start-failures: $(STAMP)
	$(BIN)/python -m tools.start_failures

## The SHA-256 of every file under assets/ (assets/MANIFEST.sha256, checked at start-up); a test
## fails while it is stale.
manifest: $(STAMP)
	$(BIN)/python -m game.manifest write

## The simulator's memory over 30 s of a 10^12-round run (its workers included): flat, with progress.
simulate-memory: $(STAMP)
	$(BIN)/python -m tools.rss_over_time --seconds 30 --every 2 --settle 12 -- \
		nice $(BIN)/python -m game simulate stones --rounds 1000000000000

## Fault injection: 300 SIGKILLs at random instants per game through the round driver, then 100
## SIGKILLs/SIGTERMs per game through the real app aimed at its scenes (about an hour per game),
## every round replayed (figures).
faults: $(STAMP)
	$(BIN)/python -m tests.game.faults --kills 300
	nice $(BIN)/python -m tools.app_faults --stops 100

app-faults: $(STAMP)
	nice $(BIN)/python -m tools.app_faults --stops 100

par: $(STAMP)
	$(BIN)/python -m game par stones --json
	$(BIN)/python -m game par warlords --json
	$(BIN)/python -m game par tombraider --json

simulate: $(STAMP)
	$(BIN)/python -m game simulate stones --rounds 2000000 --seed 1 --check-flow 20000 --json
	$(BIN)/python -m game simulate warlords --rounds 2000000 --seed 1 --check-flow 20000 --json
	$(BIN)/python -m game simulate tombraider --rounds 2000000 --seed 1 --check-flow 20000 --json

clean-venv:
	rm -rf $(VENV)

## Desktop app (PyInstaller): dist/reelhouse/ and dist/reelhouse-<version>-<os>-<arch>.tar.gz.
## Work files go to .build-work/, never to build/ (which holds only the spec and scripts).
.PHONY: package-onefile package-smoke
package: $(STAMP)
	$(PY) tasks.py package

package-onefile: $(STAMP)
	$(BIN)/python build/package.py --onefile

## Build the one-dir app if it is missing or stale, then run it headless and check its ledger.
package-smoke: $(STAMP)
	$(PY) tasks.py package-smoke

## Regenerate the committed art, fonts, sounds and map (generator-only packages pinned apart).
.PHONY: assets assets-check
assets: $(STAMP)
	$(BIN)/python -m pip install --quiet -r tools/requirements-assets.txt
	$(BIN)/python -m tools.assets.make_assets

## Rebuild every asset into a temporary folder and compare hashes with the committed files.
assets-check: $(STAMP)
	$(BIN)/python -m pip install --quiet -r tools/requirements-assets.txt
	$(BIN)/python -m tools.assets.make_assets --check

## Re-render the symbols' metal figures with Blender (build-time inputs; then run make assets).
.PHONY: render
render: $(STAMP)
	nice $(BIN)/python -m tools.assets.render.jobs
