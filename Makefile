# Podium: `make run` brings up the whole system on this machine, `make test` runs every test.
# Each component has its own Makefile (backend/, frontend/, agent/, agent/suite/); this one finds the JDK and
# delegates. Benchmarks and long runs have their own targets and are never part of `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

JAVA_HOME := $(shell ci/find-jdk.sh)
ifeq ($(JAVA_HOME),)
$(error no JDK 21+ found: set JAVA_HOME or install one, e.g. apt-get install -y openjdk-21-jdk-headless)
endif
export JAVA_HOME
export PATH := $(JAVA_HOME)/bin:$(PATH)

.PHONY: help run serve build frontend backend agent suite deps openapi lint lint-go lint-workflows lint-frontend lint-format format \
        test test-schema test-compose test-migrations test-agent test-ab-pr test-backend test-suite test-frontend \
        bench bench-ingest bench-ingest-ab bench-read bench-explain bench-read-ab bench-agent bench-frontend bench-changes bench-coverage bench-reproduce bench-warmup bench-warmup-schedule bench-quick profile screenshots \
        backup restore test-backup test-shutdown test-resume load soak replicas

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-15s %s\n", $$1, $$2}'

## --- the two commands -------------------------------------------------------------------------------------
run: deps build ## the main job: service + site, local agent enrolled, quick profile measured and pushed
	ci/main-job.sh

test: test-schema test-compose test-migrations lint-go lint-frontend lint-format test-agent test-ab-pr test-backend test-backup test-shutdown test-resume replicas test-suite test-frontend ## every test of every component

## --- building and serving ---------------------------------------------------------------------------------
deps: ## install wrk, nginx, curl and PostgreSQL (the db scenarios' benchmark database, the tests) when missing (apt-get as root; otherwise prints the command)
	ci/install-deps.sh wrk nginx curl pg-server

build: frontend backend agent suite ## build every component

frontend: ## the leaderboard site (frontend/dist, packaged into the service)
	$(MAKE) -C frontend build

backend: frontend ## the Quarkus service, with the site built in
	$(MAKE) -C backend build

agent: ## podium-agent (agent/bin/podium-agent)
	$(MAKE) -C agent build

suite: ## every framework target of the standard suite
	$(MAKE) -C agent/suite build

serve: frontend ## build and start only the results service (embedded PostgreSQL under .podium/)
	$(MAKE) -C backend serve

openapi: ## regenerate schema/openapi.json from the service's code (the site's API types are generated from it)
	$(MAKE) -C backend openapi

## --- lint and format ----------------------------------------------------------------------------------------
# every linter and format check runs in `make test`; `make format` applies the formatters
lint: lint-go lint-frontend lint-format lint-workflows ## every linter and every format check

lint-workflows: ## actionlint on the GitHub workflows, pinned in ci/composecheck/go.mod (go tool)
	cd ci/composecheck && go tool actionlint -config-file ../../.github/actionlint.yaml -shellcheck= ../../.github/workflows/*.yml

lint-go: ## golangci-lint (staticcheck among the standard linters), pinned in ci/lint/go.mod
	cd agent && go tool -modfile=../ci/lint/go.mod golangci-lint run ./...

lint-frontend: ## eslint (flat config: vue + typescript rules)
	$(MAKE) -C frontend deps && cd frontend && npm run lint

lint-format: ## the formatters agree with the code: prettier (frontend), spotless (backend, agent/suite), gofmt (agent)
	$(MAKE) -C frontend deps && cd frontend && npm run format:check
	cd backend && ../mvnw -B -ntp com.diffplug.spotless:spotless-maven-plugin:check
	cd agent/suite && ../../mvnw -B -ntp com.diffplug.spotless:spotless-maven-plugin:check
	cd agent && test -z "$$(gofmt -l .)"

format: ## apply every formatter (prettier, palantir-java-format through spotless, gofmt)
	$(MAKE) -C frontend deps && cd frontend && npm run format
	cd backend && ../mvnw -B -ntp com.diffplug.spotless:spotless-maven-plugin:apply
	cd agent/suite && ../../mvnw -B -ntp com.diffplug.spotless:spotless-maven-plugin:apply
	cd agent && gofmt -w .

## --- data you can get back ----------------------------------------------------------------------------------
backup: ## pg_dump of the service's database (embedded: the running service's; or PODIUM_DB_URL) into backups/
	ci/backup.sh $(FILE)

restore: ## replace the service's database with a dump: make restore FILE=backups/podium-....dump
	ci/restore.sh $(FILE)

## --- tests ------------------------------------------------------------------------------------------------
# rules/flags.json is written by hand (its boards are read as they stand); the other rules the generator writes
test-schema: ## the shared test vectors regenerate byte for byte
	@tmp=$$(mktemp -d) && cp -r schema/testdata/. $$tmp/ \
	  && (cd $$tmp && rm -rf envelopes keys pae payloads/invalid payloads/conflict cases.json rules/error-rate.json rules/calculator.json rules/csv.json hostile/cases hostile/keys && go run . >/dev/null) \
	  && diff -r schema/testdata $$tmp && rm -rf $$tmp && echo "schema: test vectors and the hostile corpus are up to date"

test-compose: lint-workflows ## docker-compose.yml and the GitHub workflows validate (compose-go, actionlint; no Docker engine needed), and the benchmark comparison's Markdown
	cd ci/composecheck && go test -count=1 ./... \
	  && ../bench-compare-test.sh \
	  && echo "compose and workflows: valid"

test-migrations: ## no released migration changed (schema/migrations.sha256)
	ci/check-migrations.sh

test-agent: ## the agent's Go tests (real wrk and a real PostgreSQL, on loopback)
	ci/install-deps.sh wrk pg-server
	PODIUM_TEST_REQUIRE_PG=1 $(MAKE) -C agent test

test-ab-pr: agent ## ci/ab-pr.sh end to end: the real agent and wrk on a stand-in target at two commits, a fake GitHub API (about 2 minutes)
	ci/ab-pr-test.sh

test-backend: ## backend tests against a real embedded PostgreSQL (and an external one for the outage test)
	ci/install-deps.sh pg-server
	$(MAKE) -C backend test

test-backup: backend agent ## make backup, then make restore into an empty service: every run byte-identical and verified
	ci/backup-test.sh

test-shutdown: backend ## SIGTERM to a service on its embedded PostgreSQL: a run sent in the shutdown delay is stored and kept; PostgreSQL stops after the service
	ci/shutdown-test.sh

test-resume: backend agent suite ## a real run pushing to a real service, SIGKILLed after its first target, then run --resume: one complete run, every cell once; then three real JVM targets in 3 rounds, killed in round 2, resumed from the service
	ci/resume-test.sh

replicas: backend ## 2 replicas on one PostgreSQL behind nginx: started together (empty, outdated DB), shared limits, reads coherent, rolling restart under load
	ci/install-deps.sh nginx pg-server
	ci/replicas.sh

test-suite: ## builds every framework target and checks every scenario over real HTTP (db ones against PostgreSQL)
	ci/install-deps.sh nginx pg-server
	$(MAKE) -C agent/suite test

test-frontend: ## unit tests, then browser tests in Debian's Chromium against the real service
	ci/install-deps.sh chromium
	$(MAKE) -C frontend test

## --- benchmarks (scripts that print figures; not tests) -----------------------------------------------------
bench: bench-ingest bench-read bench-agent bench-frontend ## every benchmark, one after another

bench-changes: ## change points: F1 on annotated series (DATA=folder in TCPD's format), false alarms and detection delay on synthetic histories (a computation, no timing)
	backend/bench/changes.sh $(if $(DATA),--data $(DATA)) $(ARGS)

bench-coverage: agent suite ## interval coverage across JVM starts: the same cells TRIES times with FORKS starts (one-start vs multi-start intervals, the service's rule)
	backend/bench/coverage.sh

bench-reproduce: agent suite ## do verdicts reproduce? two runs of 8 targets in rounds (nightly's budget) and two in sequence (the budget before), judged by the service's engine
	backend/bench/reproduce.sh

bench-ingest: ## ingest rate of signed 1,000-cell runs next to PostgreSQL COPY
	$(MAKE) -C backend bench

bench-ingest-ab: ## bench-ingest of this checkout beside an earlier commit, alternating rounds, each with PostgreSQL's COPY as the control: make bench-ingest-ab BEFORE=<commit> [ROUNDS=4]
	backend/bench/ingest-ab.sh

bench-read: ## leaderboard throughput and p99 on the generated data set (SCALE=10.1M repeat rows by default; 1M, 100M) next to /q/health/live
	$(if $(SCALE),SCALE=$(SCALE)) backend/bench/read.sh

bench-explain: ## every read endpoint's SQL with EXPLAIN (ANALYZE, BUFFERS) by auto_explain on the generated data set (SCALE as bench-read): time, rows, buffers, sequential scans of repeats/cells flagged
	$(if $(SCALE),SCALE=$(SCALE)) backend/bench/explain.sh

bench-read-ab: ## bench-read of this checkout beside an earlier commit, alternating rounds, server and wrk on a CPU each: make bench-read-ab BEFORE=<commit> [ROUNDS=4]
	backend/bench/read-ab.sh

bench-agent: ## the agent's requests/s next to wrk by hand, and its peak RSS
	$(MAKE) -C agent bench

soak: backend ## 4 agents push 1,000 runs while the service is SIGKILLed and restarted twice: all stored once, all verify
	ci/soak.sh

load: backend ## 20 pushing agents + 200 readers for 60 s on a fresh service: 5xx, runs 201 vs stored, read p50/p99
	backend/bench/load.sh

bench-frontend: ## the home page's bytes and time to its first ranked row, initial JS, LCP (DATA=dir|seed, URL=running service)
	$(if $(DATA),PODIUM_BUDGET_DATA=$(DATA)) $(if $(URL),PODIUM_BUDGET_URL=$(URL)) $(MAKE) -C frontend budget

bench-warmup: agent suite ## one run of every target (plaintext, 1 vCPU): req/s and what a request costs, then each beside its 120 s plateau (TARGETS="a b", PLATEAU=none)
	agent/bench/warmup.sh

bench-warmup-schedule: agent suite ## the warm-up once per scenario against every cell's own, back to back: figures, intervals, time (TARGETS="a b", REPEATS=5)
	agent/bench/warmup-schedule.sh

bench-quick: agent suite ## the quick profile 5 times back to back: how long each took, and whether consecutive runs rank in the same order
	agent/bench/quick.sh

profile: agent suite ## JFR profile of one target under load: make profile TARGET=x SCENARIO=y (recording under .podium/profiles/)
	agent/bench/profile.sh

screenshots: ## PNG screenshots of every view under frontend/docs/
	$(MAKE) -C frontend screenshots
