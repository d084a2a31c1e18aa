# Shared helpers for the scripts in this folder. Source it; do not run it.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    fail "'$*' needs root; run it once by hand or as root"
  fi
}

# Installs Debian packages that are missing (apt lists refreshed once).
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
}

require_toolchains() {
  command -v cargo >/dev/null || fail "cargo is missing: install Rust with rustup (https://rustup.rs)"
  command -v node >/dev/null || apt_install nodejs npm
  command -v npm >/dev/null || apt_install npm
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || fail "Node 20 or newer is needed (found $(node --version))"
}

# npm ci when node_modules is missing or older than the lock file.
frontend_install() {
  local stamp="$ROOT/frontend/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$ROOT/frontend/package-lock.json" -nt "$stamp" ] || [ "${CI:-}" = true ]; then
    say "installing frontend packages (npm ci)"
    (cd "$ROOT/frontend" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
  fi
}

# An S3 API on a free loopback port for the tests: moto's server (PyPI, pinned), installed in a
# virtualenv of its own under target/. Exports OPPAS_TEST_S3_URL; `stop_s3` stops it.
MOTO_VERSION=5.2.5
S3_PID=""
start_s3() {
  local venv="$ROOT/target/moto-$MOTO_VERSION" port
  if [ ! -x "$venv/bin/moto_server" ]; then
    say "installing moto[server]==$MOTO_VERSION (an S3 API on loopback)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION"
  fi
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"${1:-/dev/null}" 2>&1 &
  S3_PID=$!
  for _ in $(seq 1 150); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -fs "http://127.0.0.1:$port/" >/dev/null || fail "the S3 API (moto) did not start on port $port"
  export OPPAS_TEST_S3_URL="http://127.0.0.1:$port"
}

stop_s3() {
  if [ -n "$S3_PID" ]; then
    kill "$S3_PID" 2>/dev/null || true
    wait "$S3_PID" 2>/dev/null || true
    S3_PID=""
  fi
}

# A Web Push service stand-in on loopback (npm web-push-testing, pinned in frontend/package.json):
# it hands out subscriptions, checks each push's VAPID signature, decrypts it and keeps it for
# the tests to read. Exports OPPAS_TEST_PUSH_URL; `stop_push_service` stops it. Its endpoints
# name the port, so it gets a free one of its own.
PUSH_PID=""
start_push_service() {
  local port
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  node "$ROOT/frontend/node_modules/web-push-testing/src/bin/server.js" "$port" >"${1:-/dev/null}" 2>&1 &
  PUSH_PID=$!
  for _ in $(seq 1 100); do
    curl -fs -X POST "http://localhost:$port/status" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -fs -X POST "http://localhost:$port/status" >/dev/null || fail "the push service stand-in did not start on port $port"
  export OPPAS_TEST_PUSH_URL="http://localhost:$port"
}

stop_push_service() {
  if [ -n "$PUSH_PID" ]; then
    kill "$PUSH_PID" 2>/dev/null || true
    wait "$PUSH_PID" 2>/dev/null || true
    PUSH_PID=""
  fi
}

# Writes PREFIX/nginx.conf: a minimal main configuration around deploy/nginx/oppasmaatje.conf,
# listening on 127.0.0.1:PORT with one `server` line per instance port, everything nginx writes
# kept under PREFIX. Used to check the configuration and to run it in the tests and benchmarks.
nginx_conf() { # nginx_conf PREFIX PORT INSTANCE_PORT...
  local prefix="$1" port="$2" instance
  shift 2
  mkdir -p "$prefix"
  : >"$prefix/instances.conf"
  for instance in "$@"; do printf 'server 127.0.0.1:%s;\n' "$instance" >>"$prefix/instances.conf"; done
  sed "s#/etc/nginx/oppasmaatje-instances.conf#$prefix/instances.conf#; s/listen 80;/listen 127.0.0.1:$port;/" \
    "$ROOT/deploy/nginx/oppasmaatje.conf" >"$prefix/site.conf"
  cat >"$prefix/nginx.conf" <<CONF
pid $prefix/nginx.pid;
error_log $prefix/error.log;
events {}
http {
    access_log off;
    client_body_temp_path $prefix/body;
    proxy_temp_path $prefix/proxy;
    fastcgi_temp_path $prefix/fastcgi;
    uwsgi_temp_path $prefix/uwsgi;
    scgi_temp_path $prefix/scgi;
    include $prefix/site.conf;
}
CONF
}

nginx_bin() { command -v nginx || echo /usr/sbin/nginx; }

# Checks deploy/nginx/oppasmaatje.conf with the nginx from Debian (`nginx -t`), inside the minimal
# main configuration of nginx_conf in a temporary prefix, the instances on two loopback ports.
check_nginx_deploy() {
  local prefix
  prefix="$(mktemp -d)"
  nginx_conf "$prefix" 18080 18081 18082
  if ! "$(nginx_bin)" -t -q -p "$prefix" -c "$prefix/nginx.conf"; then
    rm -rf "$prefix"
    fail "nginx refuses deploy/nginx/oppasmaatje.conf"
  fi
  rm -rf "$prefix"
  echo "nginx accepts deploy/nginx/oppasmaatje.conf"
}
