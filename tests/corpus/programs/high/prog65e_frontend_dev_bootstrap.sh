#!/usr/bin/env bash
# frontend_dev_bootstrap.sh -- get a fresh checkout of the web console ready.
#
#  * checks node/npm against .nvmrc and package.json "engines"
#  * installs dependencies from the lockfile (npm ci), honouring .npmrc
#  * makes sure the file watcher limit is high enough for vite/webpack
#  * builds the design-system workspace once so `npm run dev` starts fast
#
# Safe to re-run.

set -euo pipefail

ROOT=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
cd "$ROOT"

WANT_WATCHES=${WANT_WATCHES:-524288}
WANT_INSTANCES=${WANT_INSTANCES:-1024}
SYSCTL_DROPIN=/etc/sysctl.d/60-devtools-inotify.conf

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

check_node() {
    local want have
    want=$(tr -d 'v \n' < .nvmrc 2>/dev/null || echo "")
    have=$(node --version 2>/dev/null | tr -d 'v') || { warn "node not found"; exit 1; }
    if [[ -n $want && ${have%%.*} != "${want%%.*}" ]]; then
        warn "node $have does not match .nvmrc ($want); try: nvm use"
    fi
    info "node $have, npm $(npm --version)"
}

install_deps() {
    if [[ -f package-lock.json ]]; then
        info "installing dependencies (npm ci)"
        npm ci --no-audit --no-fund
    else
        warn "no package-lock.json, falling back to npm install"
        npm install --no-audit --no-fund
    fi
}

current_limit() {
    cat "/proc/sys/fs/inotify/$1" 2>/dev/null || echo 0
}

raise_watch_limits() {
    [[ $(uname -s) == Linux ]] || return 0
    local w i
    w=$(current_limit max_user_watches)
    i=$(current_limit max_user_instances)
    if (( w >= WANT_WATCHES && i >= WANT_INSTANCES )); then
        info "inotify limits ok ($w watches, $i instances)"
        return 0
    fi
    info "raising inotify limits ($w -> $WANT_WATCHES watches)"
    printf 'fs.inotify.max_user_watches = %s\nfs.inotify.max_user_instances = %s\n' \
        "$WANT_WATCHES" "$WANT_INSTANCES" | sudo tee "$SYSCTL_DROPIN" >/dev/null
    sudo sysctl -q -p "$SYSCTL_DROPIN"
    info "now $(current_limit max_user_watches) watches"
}

prebuild_workspaces() {
    if npm run --workspaces --if-present 2>/dev/null | grep -q 'build'; then
        info "building design-system workspace"
        npm run build --workspace=packages/design-system --if-present
    fi
}

write_env() {
    if [[ ! -f .env.local && -f .env.example ]]; then
        cp .env.example .env.local
        chmod 600 .env.local
        info "created .env.local from .env.example"
    fi
}

check_node
install_deps
raise_watch_limits
prebuild_workspaces
write_env
info "done -- run 'npm run dev' to start the console"
