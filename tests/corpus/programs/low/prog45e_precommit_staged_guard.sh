#!/usr/bin/env bash
# Pre-commit hook for the monorepo.
# Rejects commits that stage oversized blobs, leftover merge markers,
# whitespace errors, or strings that look like credentials. Everything is
# checked against the *staged* blob (":path"), not the working tree copy.
#
# Wire it up once per clone:
#   ln -s ../../tools/hooks/precommit_staged_guard.sh .git/hooks/pre-commit
set -euo pipefail

MAX_KB="${PRECOMMIT_MAX_KB:-512}"
ALLOW_FILE=".precommit-allow"
declare -a FAILURES=()
declare -a ALLOW=()

log() { printf '[pre-commit] %s\n' "$*" >&2; }

load_allowlist() {
  [[ -f "$ALLOW_FILE" ]] || return 0
  local line
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    ALLOW+=("$line")
  done < "$ALLOW_FILE"
}

is_allowed() {
  local f="$1" pat
  for pat in "${ALLOW[@]:-}"; do
    # shellcheck disable=SC2053  # glob match is intended
    [[ -n "$pat" && "$f" == $pat ]] && return 0
  done
  return 1
}

staged_files() {
  git diff --cached --name-only --diff-filter=ACM -z | tr '\0' '\n'
}

check_size() {
  local f="$1" bytes
  bytes=$(git cat-file -s ":$f")
  if (( bytes > MAX_KB * 1024 )); then
    FAILURES+=("$f: $((bytes / 1024)) KiB exceeds limit of ${MAX_KB} KiB (use git-lfs)")
  fi
}

check_conflict_markers() {
  local f="$1"
  if git show ":$f" | grep -qE '^(<<<<<<<|>>>>>>>)( |$)'; then
    FAILURES+=("$f: unresolved merge markers")
  fi
}

declare -A SECRET_PATTERNS=(
  [aws_access_key_id]='AKIA[0-9A-Z]{16}'
  [pem_private_key]='-----BEGIN [A-Z ]*PRIVATE KEY-----'
  [slack_token]='xox[baprs]-[0-9A-Za-z-]{10,}'
  [hardcoded_password]='(password|passwd|api_key)[[:space:]]*[:=][[:space:]]*["'\''][^"'\'' ]{8,}'
)

check_secret_patterns() {
  local f="$1" name
  case "$f" in
    *.png|*.jpg|*.gif|*.woff2|*.lock) return 0 ;;
  esac
  for name in "${!SECRET_PATTERNS[@]}"; do
    if git show ":$f" | grep -qiE -e "${SECRET_PATTERNS[$name]}"; then
      FAILURES+=("$f: content matches '$name' pattern")
    fi
  done
}

main() {
  if [[ "${SKIP_PRECOMMIT:-0}" == "1" ]]; then
    log "skipped (SKIP_PRECOMMIT=1)"
    exit 0
  fi
  load_allowlist

  local checked=0 f
  while IFS= read -r f; do
    [[ -z "$f" ]] && continue
    if is_allowed "$f"; then
      log "allowlisted: $f"
      continue
    fi
    checked=$((checked + 1))
    check_size "$f"
    check_conflict_markers "$f"
    check_secret_patterns "$f"
  done < <(staged_files)

  if ! git diff --cached --check --quiet; then
    FAILURES+=("whitespace errors, run: git diff --cached --check")
  fi

  log "checked ${checked} staged file(s)"
  if (( ${#FAILURES[@]} > 0 )); then
    log "commit rejected:"
    local msg
    for msg in "${FAILURES[@]}"; do
      log "  - ${msg}"
    done
    log "fix the files or add a glob to ${ALLOW_FILE}"
    exit 1
  fi
}

main "$@"
