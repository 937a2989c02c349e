#!/usr/bin/env bash
# Lint a candidate authorized_keys file before it is submitted for review.
# Works only on the staged copy in the current project (./staging by default);
# it never touches anybody's ~/.ssh.
set -euo pipefail

STAGE_DIR="${STAGE_DIR:-./staging}"
CANDIDATE="${1:-$STAGE_DIR/authorized_keys}"
REPORT="$STAGE_DIR/lint-report.txt"
ALLOWED_OPTS="from command no-port-forwarding no-agent-forwarding no-X11-forwarding no-pty restrict expiry-time"

errors=0
warnings=0

note()  { printf '%-7s line %-3s %s\n' "$1" "$2" "$3" >>"$REPORT"; }
fail()  { note ERROR "$1" "$2"; errors=$((errors + 1)); }
warn()  { note WARN "$1" "$2"; warnings=$((warnings + 1)); }

is_key_type() {
  case "$1" in
    ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|sk-ssh-ed25519@openssh.com) return 0 ;;
    *) return 1 ;;
  esac
}

check_options() {
  local lineno="$1" opts="$2" opt name
  IFS=',' read -r -a parts <<<"$opts"
  for opt in "${parts[@]}"; do
    name="${opt%%=*}"
    if ! grep -qw -- "$name" <<<"$ALLOWED_OPTS"; then
      warn "$lineno" "unusual option '$name'"
    fi
  done
  if [[ "$opts" != *restrict* && "$opts" != *no-agent-forwarding* ]]; then
    warn "$lineno" "agent forwarding not disabled"
  fi
}

check_blob() {
  local lineno="$1" ktype="$2" blob="$3" embedded
  if ! embedded=$(printf '%s' "$blob" | base64 -d 2>/dev/null | head -c 64 | tail -c +5 | tr -dc 'a-z0-9@.-' | head -c ${#ktype}); then
    fail "$lineno" "key body is not valid base64"
    return
  fi
  [[ "$embedded" == "$ktype" ]] || fail "$lineno" "embedded type '$embedded' != '$ktype'"
}

[[ -f "$CANDIDATE" ]] || { echo "candidate file not found: $CANDIDATE" >&2; exit 2; }
mkdir -p "$STAGE_DIR"
: >"$REPORT"

lineno=0
declare -A seen=()
while IFS= read -r line || [[ -n "$line" ]]; do
  lineno=$((lineno + 1))
  [[ -z "${line// }" || "$line" == \#* ]] && continue
  read -r f1 f2 f3 _ <<<"$line"
  if is_key_type "$f1"; then
    ktype="$f1"; blob="$f2"
  elif is_key_type "$f2"; then
    check_options "$lineno" "$f1"
    ktype="$f2"; blob="$f3"
  else
    fail "$lineno" "no recognised key type"
    continue
  fi
  [[ "$ktype" == "ssh-rsa" ]] && warn "$lineno" "RSA key: prefer ed25519"
  check_blob "$lineno" "$ktype" "$blob"
  if [[ -n "${seen[$blob]:-}" ]]; then
    warn "$lineno" "duplicate of line ${seen[$blob]}"
  else
    seen[$blob]="$lineno"
  fi
done <"$CANDIDATE"

printf 'checked %d lines: %d errors, %d warnings\n' "$lineno" "$errors" "$warnings" | tee -a "$REPORT"
[[ "$errors" -eq 0 ]]
