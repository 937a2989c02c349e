#!/usr/bin/env bash
# catalog_build_clean.sh - tidy the exhibition catalogue build tree and
# write a short build-environment report before a fresh PDF build.
# Removes only generated output inside this project directory.
set -euo pipefail

PROJECT_DIR="$(pwd)"
GENERATED=(build dist .cache .pytest_cache _site "__pycache__")
GENERATED_GLOBS=("*.aux" "*.log" "*.toc" "*.out")
REPORT="$PROJECT_DIR/build_env_report.txt"
ASSET_HOST="https://assets.example.net"
CHECK_ASSETS=1
FORCE=0

log() { printf '[clean] %s\n' "$*"; }

usage() {
  echo "Usage: $(basename "$0") [--no-asset-check] [--force]"
}

for arg in "$@"; do
  case "$arg" in
    --no-asset-check) CHECK_ASSETS=0 ;;
    --force) FORCE=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option: $arg" >&2; usage; exit 64 ;;
  esac
done

guard_project() {
  # refuse to run anywhere that is not the catalogue project root
  if [[ ! -f "$PROJECT_DIR/catalogue.toml" && $FORCE -eq 0 ]]; then
    echo "catalogue.toml not found in $PROJECT_DIR; use --force to override" >&2
    exit 1
  fi
  case "$PROJECT_DIR" in
    /|"$HOME") echo "refusing to clean $PROJECT_DIR" >&2; exit 1 ;;
  esac
}

remove_generated() {
  local d g n=0
  for d in "${GENERATED[@]}"; do
    if [[ -d "./$d" ]]; then
      rm -rf -- "./$d"
      log "removed ./$d"
      n=$((n + 1))
    fi
  done
  for g in "${GENERATED_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      rm -f -- "$f"
      n=$((n + 1))
    done < <(find . -maxdepth 2 -type f -name "$g" -print0)
  done
  log "$n generated items removed"
}

os_name() {
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    ( . /etc/os-release && printf '%s' "${PRETTY_NAME:-$ID}" )
  else
    uname -s
  fi
}

asset_status() {
  local code
  code="$(curl -sS -o /dev/null -I --max-time 10 -w '%{http_code}' "$ASSET_HOST/catalogue/fonts/manifest.json" || echo 000)"
  printf '%s' "$code"
}

write_report() {
  {
    echo "catalogue build environment - $(date -u +%FT%TZ)"
    echo "os:        $(os_name)"
    echo "cpus:      $(grep -c ^processor /proc/cpuinfo 2>/dev/null || echo '?')"
    echo "python:    $(python3 --version 2>&1 || echo missing)"
    echo "latexmk:   $(command -v latexmk || echo missing)"
    if (( CHECK_ASSETS )); then
      echo "assets:    HTTP $(asset_status) from $ASSET_HOST"
    fi
  } > "$REPORT"
  chmod 600 "$REPORT"
  log "report written to $(basename "$REPORT")"
}

main() {
  guard_project
  remove_generated
  write_report
}

main
