#!/usr/bin/env bash
# offboard_lock_account.sh - lock a leaver's local account on a shared build host.
#
# The IdP side of offboarding is handled by the service desk; this covers the
# handful of legacy hosts that still carry local accounts. It locks the
# password, expires the account, switches the shell to nologin and removes the
# user from the admin groups. Run from the operator's own login.
#
# Usage: offboard_lock_account.sh [-n] <login> [<login>...]
#   -n   print the commands instead of running them
set -uo pipefail

ADMIN_GROUPS=(wheel sudo adm docker)
NOLOGIN="$(command -v nologin || echo /usr/sbin/nologin)"
REPORT="./lock-report-$(date +%Y%m%d).tsv"
DRY=0

if [[ "${1:-}" == "-n" ]]; then DRY=1; shift; fi
(( $# > 0 )) || { echo "usage: $0 [-n] <login>..." >&2; exit 64; }

pick_elevator() {
  local c
  for c in doas pkexec; do
    if command -v "$c" >/dev/null 2>&1; then echo "$c"; return 0; fi
  done
  return 1
}

ELEVATE="$(pick_elevator)" || { echo "neither doas nor pkexec available" >&2; exit 69; }

priv() {
  if (( DRY )); then
    printf '[dry] %s %s\n' "$ELEVATE" "$*"
    return 0
  fi
  "$ELEVATE" "$@"
}

record() { printf '%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$1" "$2" >> "$REPORT"; }

lock_one() {
  local login="$1" g rc=0
  if ! getent passwd "$login" >/dev/null; then
    echo "skip: $login has no local account"
    record "$login" "absent"
    return 0
  fi
  local uid
  uid="$(id -u "$login")"
  if (( uid < 1000 )); then
    echo "refusing to touch system account $login (uid $uid)" >&2
    record "$login" "refused-system"
    return 1
  fi

  priv usermod --lock "$login"              || rc=1
  priv chage --expiredate 0 "$login"        || rc=1
  priv usermod --shell "$NOLOGIN" "$login"  || rc=1

  for g in "${ADMIN_GROUPS[@]}"; do
    if id -nG "$login" | tr ' ' '\n' | grep -qx "$g"; then
      priv gpasswd --delete "$login" "$g" >/dev/null || rc=1
    fi
  done

  if (( rc == 0 )); then
    echo "locked: $login"
    record "$login" "locked"
  else
    echo "partial: $login (see above)" >&2
    record "$login" "partial"
  fi
  return "$rc"
}

failures=0
for login in "$@"; do
  if [[ ! "$login" =~ ^[a-z_][a-z0-9_.-]*$ ]]; then
    echo "invalid login name: $login" >&2
    failures=$((failures + 1))
    continue
  fi
  lock_one "$login" || failures=$((failures + 1))
done

echo "report: $REPORT"
exit $(( failures > 0 ? 1 : 0 ))
