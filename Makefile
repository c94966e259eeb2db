# colloquy: `make run` serves the site on embedded defaults; `make test` runs
# every check CI runs. See README.md.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

# Cargo's build folder: ./target unless CARGO_TARGET_DIR says otherwise (CI).
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
BIN := $(TARGET_DIR)/release/colloquy
NPM_STAMP := web/node_modules/.installed

.PHONY: run build web server test test-deps lint test-rust test-web e2e e2e-cluster api-schema api-types bench-http bench-cluster image clean

## run: install, build, and serve the site at http://127.0.0.1:8080 (SQLite and files in ./data)
run: build
	mkdir -p data
	./target/release/colloquy serve

## build: the web app (web/dist), then the release server with it built in (target/release/colloquy)
build: web server

# The binary embeds web/dist as it is when cargo compiles (server/build.rs),
# so the web app is built first.
server: web
	cargo build --release --locked
	@if [ "$(TARGET_DIR)" != "target" ]; then mkdir -p target/release && cp -f "$(BIN)" target/release/colloquy; fi

# Rebuilt only when a source of it changed: test-rust and e2e both need it.
WEB_DIST := web/dist/index.html
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts \
	web/scripts/compress-dist.mjs $(wildcard web/tsconfig*.json)

web: $(WEB_DIST)

$(WEB_DIST): $(NPM_STAMP) $(WEB_SOURCES)
	cd web && npm run build

$(NPM_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

## test: every test and check: lints, Rust on SQLite and PostgreSQL, web unit tests, browser tests
# Each stage runs in this order and its wall time is printed at the end
# (scripts/stage-times.sh); `build` is its own stage so the release build is
# not counted in whichever browser stage happens to come first. Stages
# joined by `+` run side by side: alone, the Rust tests keep two cores 63 %
# busy and Vitest 59 % (they wait on databases, mail and jsdom), and the
# schema checks run one Python process beside the short cluster journey.
TEST_STAGES := test-deps lint build test-rust+test-web e2e e2e-cluster+api-schema

test:
	scripts/stage-times.sh $(TEST_STAGES)

test-deps:
	scripts/install-test-deps.sh

lint: $(NPM_STAMP)
	cargo fmt --all --check
	cargo clippy --locked --workspace --all-targets -- -D warnings
	cd web && npm run typecheck && npm run lint

# The test binaries embed the built web app (tests/api/embedded_app.rs serves it), and
# the API tests sign in at the e2e tests' OpenID provider, run by Node from web/node_modules.
test-rust: web
	@echo "== Rust tests on SQLite (the S3 storage tests against moto, the e-mail tests against aiosmtpd)"
	scripts/with-smtp.sh scripts/with-s3.sh cargo test --locked
	@echo "== The S3 storage tests against a second S3-compatible server (s3s-fs)"
	scripts/with-s3s-fs.sh cargo test --locked --test api submissions::s3::
	@echo "== Rust API tests on PostgreSQL (the S3 storage tests against moto, the e-mail tests against aiosmtpd)"
	scripts/with-postgres.sh scripts/with-smtp.sh scripts/with-s3.sh cargo test --locked --test api

test-web: $(NPM_STAMP)
	cd web && npm test

e2e: build
	cd web && COLLOQUY_BIN="$(abspath $(BIN))" npm run e2e

## e2e-cluster: two release instances on one PostgreSQL and one S3 bucket behind nginx, in the browser
e2e-cluster: build
	scripts/with-postgres.sh scripts/with-s3.sh \
		bash -c 'cd web && COLLOQUY_BIN="$(abspath $(BIN))" npx playwright test -c e2e/cluster/playwright.config.ts'

## api-schema: schemathesis against the served OpenAPI document, as a visitor and as an admin
api-schema: build
	scripts/schemathesis.sh "$(abspath $(BIN))"

## api-types: regenerate the OpenAPI document and the web app's TypeScript types from the server
api-types: $(NPM_STAMP)
	cargo run --quiet --locked -- openapi > web/src/api/openapi.json
	cd web && npx openapi-typescript src/api/openapi.json -o src/api/schema.d.ts

## bench-http: the release binary against Debian's nginx over the same web/dist (not part of test)
bench-http: build
	COLLOQUY_BIN="$(abspath $(BIN))" python3 bench/http/run.py

## bench-cluster: 200 clients, 5 % sign-ins, 60 s against two instances behind nginx (not part of test)
bench-cluster: build
	scripts/with-postgres.sh scripts/with-s3.sh env COLLOQUY_BIN="$(abspath $(BIN))" python3 bench/cluster/run.py

## image: the container image `colloquy` (deploy/Containerfile) with Debian's podman
image:
	podman build -f deploy/Containerfile -t colloquy .

clean:
	cargo clean
	rm -rf web/dist web/node_modules
