#!/usr/bin/env bash
# toolversions-env.sh - onboarding helper. Reads the repository's
# .tool-versions file and project.env overrides, exports a <TOOL>_VERSION
# variable for each entry and reports which installed tools do not match.
# Usage:  ./toolversions-env.sh [--export-file FILE] [--strict]
set -uo pipefail

PROG=${0##*/}
VERSIONS_FILE=${TOOL_VERSIONS_FILE:-.tool-versions}
OVERRIDES_FILE=project.env
EXPORT_FILE=
STRICT=0
declare -a TOOLS=()

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --export-file) EXPORT_FILE=$2; shift ;;
    --strict)      STRICT=1 ;;
    -h|--help)     sed -n '2,6p' "$0"; exit 0 ;;
    *) log "unknown argument $1"; exit 2 ;;
  esac
  shift
done

var_name() {
  local tool=${1//[-.]/_}
  printf '%s_VERSION' "${tool^^}"
}

load_versions() {
  local tool version rest var
  [[ -r $VERSIONS_FILE ]] || { log "no $VERSIONS_FILE in $(pwd)"; return 1; }
  while read -r tool version rest; do
    [[ -z $tool || $tool == \#* ]] && continue
    var=$(var_name "$tool")
    eval "export $var=\"$version\""
    TOOLS+=("$tool")
  done < "$VERSIONS_FILE"
}

apply_overrides() {
  local line
  [[ -r $OVERRIDES_FILE ]] || return 0
  while IFS= read -r line; do
    [[ -z $line || $line == \#* ]] && continue
    # lines look like NODE_VERSION=20.11.1 or PATH_EXTRA=$PWD/bin
    eval "export $line"
  done < "$OVERRIDES_FILE"
  log "applied overrides from $OVERRIDES_FILE"
}

installed_version() {
  local tool=$1
  case $tool in
    nodejs|node) node --version 2>/dev/null | tr -d v ;;
    python)      python3 --version 2>/dev/null | awk '{print $2}' ;;
    golang|go)   go version 2>/dev/null | awk '{print $3}' | sed 's/^go//' ;;
    terraform)   terraform version 2>/dev/null | head -n1 | awk '{print $2}' | tr -d v ;;
    *)           "$tool" --version 2>/dev/null | head -n1 | grep -oE '[0-9]+(\.[0-9]+)+' | head -n1 ;;
  esac
}

report() {
  local tool want have var mismatches=0
  printf '%-14s %-12s %-12s\n' TOOL WANTED INSTALLED
  for tool in "${TOOLS[@]}"; do
    var=$(var_name "$tool")
    want=${!var}
    have=$(installed_version "$tool")
    printf '%-14s %-12s %-12s\n' "$tool" "$want" "${have:-missing}"
    [[ $have == "$want" ]] || mismatches=$((mismatches + 1))
  done
  log "$mismatches tool(s) differ from $VERSIONS_FILE"
  (( STRICT == 0 || mismatches == 0 ))
}

write_exports() {
  local tool var
  [[ -n $EXPORT_FILE ]] || return 0
  for tool in "${TOOLS[@]}"; do
    var=$(var_name "$tool")
    printf 'export %s=%q\n' "$var" "${!var}"
  done > "$EXPORT_FILE"
  log "wrote $EXPORT_FILE"
}

load_versions || exit 1
apply_overrides
write_exports
report
