# Squares: `make run` to try it, `make test` to test everything.
SHELL := /bin/bash
GO ?= go
NPM ?= npm
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) $(wildcard web/scripts/*.mjs) web/index.html web/vite.config.ts \
	web/tsconfig.json web/tsconfig.app.json web/tsconfig.node.json web/tsconfig.sw.json web/package.json

.PHONY: run cluster build web tools test checks test-go-then-e2e test-go test-web test-e2e vet lint generate check-generated bench bench-full bench-go bench-web clean

## run: build everything and start a development server with demo data on http://localhost:8080
run: build
	SQUARES_DEV=1 ./bin/squares serve

## cluster: Squares scaled out to try by hand: a throwaway PostgreSQL, two instances with demo data and nginx
## balancing between them on http://localhost:8080 (CLUSTER_PORT=...; the instances on +1 and +2)
cluster: build
	cluster/run.sh

## build: the web app, embedded in bin/squares
build: web
	$(GO) build -o bin/squares ./cmd/squares

web: web/dist/index.html

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && $(NPM) run build
	@touch $@

## test: every test: Go on SQLite and PostgreSQL, web unit tests, browser end-to-end tests. Two lanes: the Go
## tests, then the browser tests; beside them the checks (vet, lint, the generated types, the web unit tests)
## at a lower priority, taking only the CPU the tests leave: the Go tests wait on their servers and
## databases, the browser tests on the server and on beacon rounds.
test: build tools
	$(MAKE) --no-print-directory --output-sync=target -j2 test-go-then-e2e checks

## checks: go vet, ESLint, the generated types and the web unit tests, one after another, at a lower priority
checks: web
	nice -n 10 $(MAKE) --no-print-directory -j1 vet lint check-generated test-web

test-go-then-e2e: test-go
	$(MAKE) --no-print-directory -j1 test-e2e

vet: web
	$(GO) vet ./...

## generate: the web app's TypeScript shapes of the API (web/src/lib/api.gen.ts), from the Go structs of
## the answers and websocket messages (tygo, through cmd/apigen)
generate:
	$(GO) run ./cmd/apigen

## check-generated: fails when web/src/lib/api.gen.ts is not what make generate writes
check-generated:
	$(GO) run ./cmd/apigen -check

## tools: programs the tests run: stripe-mock, Stripe's API checker, in $(go env GOBIN or GOPATH/bin)
STRIPE_MOCK_VERSION := v0.203.0
GO_BIN_DIR := $(or $(shell $(GO) env GOBIN),$(firstword $(subst :, ,$(shell $(GO) env GOPATH)))/bin)
STRIPE_MOCK := $(GO_BIN_DIR)/stripe-mock

tools: $(STRIPE_MOCK)

$(STRIPE_MOCK):
	$(GO) install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)

test-go: web tools
	$(GO) test -count=1 -timeout 10m ./...

## lint: ESLint over the web app (types, hooks, queries, feature boundaries)
lint: web/node_modules/.package-lock.json
	cd web && $(NPM) run lint

test-web: web/node_modules/.package-lock.json
	cd web && $(NPM) test

test-e2e: build
	cd web && $(NPM) run e2e

## bench: the load programs under bench/, each against a bare baseline in the same run, small sizes
## (a few minutes); prints the baseline table and fails when a check failed or a target of issue 23 was missed.
## Full sizes: make bench-full. Results: $(BENCH_DIR)
BENCH_DIR ?= $(or $(TMPDIR),/tmp)/squares-bench
CLAIMS_FLAGS ?= -pools 100 -duration 20s
READS_FLAGS ?= -duration 3s -fresh 5s
FANOUT_FLAGS ?= -n 10000 -events 20 -rounds 3
CROSS_FLAGS ?= -n 1000 -events 20 -rounds 3
bench:
	@rm -rf $(BENCH_DIR) && mkdir -p $(BENCH_DIR)
	$(GO) build -o $(BENCH_DIR)/ ./bench/claims ./bench/reads ./bench/wsfanout ./bench/report
	@echo "load before: $$(cat /proc/loadavg)"
	@export SQUARES_BENCH_RESULTS=$(BENCH_DIR)/results.jsonl; cd $(BENCH_DIR) && status=0; \
	  ./claims -engine sqlite $(CLAIMS_FLAGS) > claims-sqlite.txt 2>&1 || status=1; grep -E '^[|]|^verified|^FAIL|^all checks' claims-sqlite.txt; \
	  ./claims -engine postgres $(CLAIMS_FLAGS) > claims-postgres.txt 2>&1 || status=1; grep -E '^[|]|^verified|^FAIL|^all checks' claims-postgres.txt; \
	  ./reads $(READS_FLAGS) > reads.txt 2>&1 || status=1; grep -E '^[|]|^fresh|^FAIL|^all checks' reads.txt; \
	  ./reads -engine postgres $(READS_FLAGS) > reads-postgres.txt 2>&1 || status=1; grep -E '^[|]|^fresh|^FAIL|^all checks' reads-postgres.txt; \
	  ./wsfanout $(FANOUT_FLAGS) > wsfanout.txt 2>&1 || status=1; grep -E '^[|]|^FAIL' wsfanout.txt; \
	  ./wsfanout -engine postgres -cross -nobare $(CROSS_FLAGS) > wsfanout-cross.txt 2>&1 || status=1; grep -E '^[|]|^FAIL' wsfanout-cross.txt; \
	  echo; echo "load after: $$(cat /proc/loadavg)"; echo; \
	  ./report results.jsonl || status=1; exit $$status

## bench-full: make bench at the issue's sizes (200 pools, 10 s per read phase, 10,000 subscribers x 20 events,
## also across two instances)
bench-full:
	$(MAKE) bench CLAIMS_FLAGS='-pools 200 -duration 60s' READS_FLAGS='-duration 10s -fresh 10s' FANOUT_FLAGS='-n 10000 -events 20 -rounds 3' CROSS_FLAGS='-n 10000 -events 20 -rounds 3'

## bench-web: Lighthouse 12 (lighthouse@12.2.3, bench/web) on the built server with demo data: mobile settings,
## three runs per page (landing, dashboard, How to Play, a live pool page, checkout), the median; prints the
## table and whether each target of issue 23 is met (fails otherwise). Needs Chromium (CHROME_PATH, default
## /usr/bin/chromium). Reports: $(BENCH_WEB_DIR). Not part of make test.
BENCH_WEB_DIR ?= $(or $(TMPDIR),/tmp)/squares-bench-web
bench-web: build bench/web/node_modules/.package-lock.json
	@echo "load before: $$(cat /proc/loadavg)"
	node bench/web/run.mjs --server bin/squares --out $(BENCH_WEB_DIR)

bench/web/node_modules/.package-lock.json: bench/web/package.json bench/web/package-lock.json
	cd bench/web && $(NPM) ci --no-audit --no-fund
	@touch $@

## bench-go: the Go benchmarks (go test -bench)
bench-go:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin web/dist web/test-results web/playwright-report
