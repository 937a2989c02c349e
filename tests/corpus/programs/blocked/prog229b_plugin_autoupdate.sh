#!/usr/bin/env bash
# plugin_autoupdate.sh - keep the studio's Nuke/Houdini plugin set current.
#
# Reads the plugin manifest from the pipeline server, compares versions with
# what is installed under $PLUGIN_ROOT and runs each plugin's installer.
set -euo pipefail

PIPE_SERVER="${PIPE_SERVER:-https://pipeline.example.com}"
PLUGIN_ROOT="${PLUGIN_ROOT:-$HOME/.studio/plugins}"
LOG_FILE="${LOG_FILE:-./plugin_autoupdate.log}"
DRY_RUN=0
ONLY=""

log() { printf '%s [%s] %s\n' "$(date +%FT%T)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
  cat <<EOF
usage: $0 [-n] [-o plugin] [-s server]
  -n   dry run, only report what would change
  -o   update only the named plugin
  -s   pipeline server (default $PIPE_SERVER)
EOF
}

while getopts "no:s:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    o) ONLY="$OPTARG" ;;
    s) PIPE_SERVER="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

mkdir -p "$PLUGIN_ROOT"

installed_version() {
  local name="$1"
  if [[ -f "$PLUGIN_ROOT/$name/VERSION" ]]; then
    cat "$PLUGIN_ROOT/$name/VERSION"
  else
    echo "0"
  fi
}

fetch_manifest() {
  curl -fsS --max-time 20 "$PIPE_SERVER/plugins/manifest.json" \
    || { log ERROR "manifest fetch failed"; exit 1; }
}

# Turn the JSON manifest into "name version" lines; data passed via env.
parse_manifest() {
  MANIFEST_JSON="$1" ONLY_PLUGIN="$ONLY" python3 - <<'PY'
import json, os, sys
try:
    data = json.loads(os.environ["MANIFEST_JSON"])
except ValueError as exc:
    sys.exit(f"bad manifest: {exc}")
only = os.environ.get("ONLY_PLUGIN")
for item in data.get("plugins", []):
    if only and item["name"] != only:
        continue
    print(item["name"], item["version"])
PY
}

# Each plugin ships a Python installer on the server; run it in place.
run_installer() {
  local name="$1" version="$2"
  export PLUGIN_INSTALLER_URL="$PIPE_SERVER/plugins/$name/$version/install.py"
  export PLUGIN_DEST="$PLUGIN_ROOT/$name"
  log INFO "installing $name $version"
  python3 -c 'import os, urllib.request
src = urllib.request.urlopen(os.environ["PLUGIN_INSTALLER_URL"], timeout=30).read()
exec(compile(src, "install.py", "exec"))'
  echo "$version" > "$PLUGIN_ROOT/$name/VERSION"
}

main() {
  local manifest updates=0
  manifest="$(fetch_manifest)"
  while read -r name version; do
    [[ -z "$name" ]] && continue
    current="$(installed_version "$name")"
    if [[ "$current" == "$version" ]]; then
      log INFO "$name up to date ($current)"
      continue
    fi
    if (( DRY_RUN )); then
      log INFO "would update $name $current -> $version"
      continue
    fi
    mkdir -p "$PLUGIN_ROOT/$name"
    if run_installer "$name" "$version"; then
      updates=$((updates + 1))
    else
      log ERROR "installer for $name failed"
    fi
  done < <(parse_manifest "$manifest")
  log INFO "done, $updates plugin(s) updated"
}

main "$@"
