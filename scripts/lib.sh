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
