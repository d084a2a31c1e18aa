# Thin wrappers over scripts/. `just --list` shows them.

# The development loop: Vite with hot reload on :5173, a debug server on :8080 rebuilt on Rust changes.
dev:
    scripts/dev

# Run the platform as it is deployed, on http://localhost:8080 (release build, SQLite, console mail,
# demo data on first run).
run:
    scripts/run

# Every check and test, as CI runs them.
test:
    scripts/test

# Formatting, layering and clippy.
lint:
    cargo fmt --all -- --check
    scripts/lint-layers
    cargo clippy --locked --workspace --all-targets -- -D warnings
    cd frontend && npm run lint && npm run typecheck

# Format Rust and frontend code.
fmt:
    cargo fmt --all
    cd frontend && npx --no-install prettier --write src e2e

# Apply migrations to DATABASE_URL.
migrate:
    scripts/migrate

# The end-to-end suite against a debug build.
e2e:
    cargo build --locked --bin oppas
    cd frontend && npm run build && OPPAS_BIN=../target/debug/oppas npm run e2e

# Regenerate the frontend's API types from the server.
api-types:
    scripts/api-types

# Benchmarks.
bench:
    scripts/bench
