# Squares: `make run` to try it, `make test` to test everything.
SHELL := /bin/bash
GO ?= go
NPM ?= npm
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts \
	web/tsconfig.json web/tsconfig.app.json web/tsconfig.node.json web/package.json

.PHONY: run build web tools test test-go test-web test-e2e vet bench clean

## run: build everything and start a development server with demo data on http://localhost:8080
run: build
	SQUARES_DEV=1 ./bin/squares serve

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

## test: every test: Go on SQLite and PostgreSQL, web unit tests, browser end-to-end tests
test: vet test-go test-web test-e2e

vet: web
	$(GO) vet ./...

## tools: programs the tests run: stripe-mock, Stripe's API checker, in $(go env GOBIN or GOPATH/bin)
STRIPE_MOCK_VERSION := v0.203.0
GO_BIN_DIR := $(or $(shell $(GO) env GOBIN),$(firstword $(subst :, ,$(shell $(GO) env GOPATH)))/bin)
STRIPE_MOCK := $(GO_BIN_DIR)/stripe-mock

tools: $(STRIPE_MOCK)

$(STRIPE_MOCK):
	$(GO) install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)

test-go: web tools
	$(GO) test -count=1 -timeout 10m ./...

test-web: web/node_modules/.package-lock.json
	cd web && $(NPM) test

test-e2e: build
	cd web && $(NPM) run e2e

## bench: the benchmarks and load programs under bench/
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin web/dist web/test-results web/playwright-report
