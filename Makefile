# Podium: `make run` brings up the whole system on this machine, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

JAVA_HOME := $(shell ci/find-jdk.sh)
ifeq ($(JAVA_HOME),)
$(error no JDK 21+ found: set JAVA_HOME or install one, e.g. apt-get install -y openjdk-21-jdk-headless)
endif
export JAVA_HOME
export PATH := $(JAVA_HOME)/bin:$(PATH)
MVNW := $(CURDIR)/mvnw

.PHONY: help run serve test test-schema test-compose test-backend build-backend bench-ingest

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

run: serve ## the main job: build and start everything on this machine

serve: ## build and start only the results service (embedded PostgreSQL under .podium/)
	$(MAKE) -C backend serve

test: test-schema test-compose test-backend ## every test of every component

test-schema: ## the shared test vectors regenerate byte for byte
	@tmp=$$(mktemp -d) && cp -r schema/testdata/. $$tmp/ && (cd $$tmp && rm -rf envelopes keys pae payloads/invalid payloads/conflict cases.json && go run generate.go >/dev/null) \
	  && diff -r schema/testdata $$tmp && rm -rf $$tmp && echo "schema: test vectors are up to date"

test-compose: ## docker-compose.yml loads and validates (compose-go; no Docker engine needed)
	cd ci/composecheck && go test -count=1 ./...

test-backend: ## backend tests against a real embedded PostgreSQL
	$(MAKE) -C backend test

build-backend:
	$(MAKE) -C backend build

bench-ingest: ## ingest rate of signed 1,000-cell runs next to PostgreSQL COPY
	$(MAKE) -C backend bench
