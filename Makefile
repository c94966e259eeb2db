# colloquy: `make run` serves the site on embedded defaults; `make test` runs
# every check CI runs. See README.md.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

# Cargo's build folder: ./target unless CARGO_TARGET_DIR says otherwise (CI).
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
BIN := $(TARGET_DIR)/release/colloquy
NPM_STAMP := web/node_modules/.installed

.PHONY: run build web server test test-deps lint test-rust test-web e2e api-types clean

## run: install, build, and serve the site at http://127.0.0.1:8080 (SQLite and files in ./data)
run: build
	mkdir -p data
	./target/release/colloquy serve

## build: the web app (web/dist) and the release server (target/release/colloquy)
build: web server

server:
	cargo build --release --locked
	@if [ "$(TARGET_DIR)" != "target" ]; then mkdir -p target/release && cp -f "$(BIN)" target/release/colloquy; fi

web: $(NPM_STAMP)
	cd web && npm run build

$(NPM_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

## test: every test and check: lints, Rust on SQLite and PostgreSQL, web unit tests, browser tests
test: test-deps lint test-rust test-web e2e

test-deps:
	scripts/install-test-deps.sh

lint: $(NPM_STAMP)
	cargo fmt --all --check
	cargo clippy --locked --workspace --all-targets -- -D warnings
	cd web && npm run typecheck && npm run lint

# The API tests sign in at the e2e tests' OpenID provider, run by Node from web/node_modules.
test-rust: $(NPM_STAMP)
	@echo "== Rust tests on SQLite (and the S3 storage test against moto)"
	scripts/with-s3.sh cargo test --locked
	@echo "== Rust API tests on PostgreSQL"
	scripts/with-postgres.sh cargo test --locked --test api

test-web: $(NPM_STAMP)
	cd web && npm test

e2e: build
	cd web && COLLOQUY_BIN="$(abspath $(BIN))" npm run e2e

## api-types: regenerate the OpenAPI document and the web app's TypeScript types from the server
api-types: $(NPM_STAMP)
	cargo run --quiet --locked -- openapi > web/src/api/openapi.json
	cd web && npx openapi-typescript src/api/openapi.json -o src/api/schema.d.ts

clean:
	cargo clean
	rm -rf web/dist web/node_modules
