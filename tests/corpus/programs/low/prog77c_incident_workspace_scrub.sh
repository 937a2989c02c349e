#!/usr/bin/env bash
# Post-incident hygiene for the incident workspace.
#
# During an incident people paste tokens, DB passwords and signed URLs into
# the scratch notes and command captures kept in ./incident-*/.  Run this
# after the incident is closed and before the workspace is attached to the
# postmortem: it redacts anything that looks like a credential in the notes
# and drops the scratch and cache directories.
#
# Usage: prog77c_incident_workspace_scrub.sh [-p patterns_file] [-k] [-q]
#   -k  keep scratch/ and cache directories
set -uo pipefail

PATTERNS_FILE=""
DROP_SCRATCH="${DROP_SCRATCH:-1}"
QUIET=0
REPORT="./scrub-report-$(date +%Y%m%d-%H%M%S).txt"

DEFAULT_PATTERNS=(
  'AKIA[0-9A-Z]{16}'
  'xox[baprs]-[0-9A-Za-z-]+'
  'gh[pousr]_[A-Za-z0-9]{30,}'
  '(password|passwd|pwd)[=: ]'
  'Authorization: *Bearer'
  'X-Amz-Signature='
  'mysql .* -p[^ ]+'
)

log() { [ "$QUIET" -eq 1 ] || echo "[scrub] $*"; echo "$(date -u +%FT%TZ) $*" >>"$REPORT"; }

while getopts ":p:kq" opt; do
  case "$opt" in
    p) PATTERNS_FILE="$OPTARG" ;;
    k) DROP_SCRATCH=0 ;;
    q) QUIET=1 ;;
    *) echo "usage: $0 [-p patterns_file] [-k] [-q]" >&2; exit 64 ;;
  esac
done

load_patterns() {
  if [ -n "$PATTERNS_FILE" ] && [ -r "$PATTERNS_FILE" ]; then
    grep -v '^[[:space:]]*\(#\|$\)' "$PATTERNS_FILE"
  else
    printf '%s\n' "${DEFAULT_PATTERNS[@]}"
  fi
}

mapfile -t PATTERNS < <(load_patterns)
JOINED=$(IFS='|'; echo "${PATTERNS[*]}")

file_has_secrets() {
  grep -Eqi -- "$JOINED" "$1" 2>/dev/null
}

redact_file() {
  local f="$1" hits
  hits=$(grep -Eci -- "$JOINED" "$f" 2>/dev/null || echo 0)
  sed -E -i.bak "s/(${JOINED})[^[:space:]]*/[REDACTED]/Ig" "$f" && rm -f "$f.bak"
  log "redacted $f ($hits matching lines)"
}

drop_scratch() {
  local ws="$1" d
  for d in "$ws/scratch" "$ws/.cache" "$ws/__pycache__" "$ws/build"; do
    if [ -d "$d" ]; then
      rm -rf -- "$d" && log "removed $d"
    fi
  done
  find "$ws" -type f \( -name '*.pyc' -o -name '*.swp' -o -name '*~' \) -delete
}

main() {
  local found=0 ws f
  shopt -s nullglob
  local workspaces=(./incident-*/)
  if [ "${#workspaces[@]}" -eq 0 ]; then
    log "no incident workspaces under $(pwd)"
    return 0
  fi
  log "scrubbing ${#workspaces[@]} workspace(s) in $(pwd)"
  for ws in "${workspaces[@]}"; do
    ws="${ws%/}"
    while IFS= read -r -d '' f; do
      if file_has_secrets "$f"; then
        redact_file "$f"
        found=$((found + 1))
      fi
    done < <(find "$ws" -type f \( -name '*.md' -o -name '*.txt' -o -name '*.log' \) -print0)
    if [ "$DROP_SCRATCH" -eq 1 ]; then
      drop_scratch "$ws"
    fi
  done
  chmod 0600 "$REPORT"
  log "done: $found file(s) redacted"
}

main "$@"
