#!/usr/bin/env bash
# Apply the org's account-lockout policy for SSH logins using pam_faillock.
# Edits /etc/security/faillock.conf and /etc/pam.d/sshd, keeping backups.
set -euo pipefail

DENY=${DENY:-5}
UNLOCK_TIME=${UNLOCK_TIME:-900}
FAILLOCK_CONF=/etc/security/faillock.conf
PAM_SSHD=/etc/pam.d/sshd
STAMP=$(date +%Y%m%d%H%M%S)
MARK="# faillock-policy"

say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ $DENY =~ ^[0-9]+$ && $DENY -ge 3 ]] || die "DENY must be an integer >= 3"
[[ $UNLOCK_TIME =~ ^[0-9]+$ ]] || die "UNLOCK_TIME must be seconds"

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || die "need root or sudo"
    SUDO="sudo"
fi

module_present() {
    local d
    for d in /lib/x86_64-linux-gnu/security /lib64/security /usr/lib/security; do
        [[ -f $d/pam_faillock.so ]] && return 0
    done
    return 1
}
module_present || die "pam_faillock.so not installed"

backup() {
    [[ -f $1 ]] && $SUDO cp -a -- "$1" "$1.bak.$STAMP" && say "backup $1.bak.$STAMP"
}

set_conf() {
    local key=$1 value=$2
    if $SUDO grep -Eq "^[#[:space:]]*${key}[[:space:]]*=" "$FAILLOCK_CONF"; then
        $SUDO sed -i -E "s|^[#[:space:]]*${key}[[:space:]]*=.*|${key} = ${value}|" "$FAILLOCK_CONF"
    else
        echo "${key} = ${value}" | $SUDO tee -a "$FAILLOCK_CONF" >/dev/null
    fi
}

backup "$FAILLOCK_CONF"
$SUDO touch "$FAILLOCK_CONF"
set_conf deny "$DENY"
set_conf unlock_time "$UNLOCK_TIME"
set_conf fail_interval 900
say "updated $FAILLOCK_CONF"

if grep -q "$MARK" "$PAM_SSHD"; then
    say "$PAM_SSHD already has the faillock lines"
else
    backup "$PAM_SSHD"
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' EXIT
    {
        echo "auth required pam_faillock.so preauth $MARK"
        cat "$PAM_SSHD"
        echo "auth [default=die] pam_faillock.so authfail $MARK"
        echo "account required pam_faillock.so $MARK"
    } > "$tmp"
    $SUDO install -m 0644 -o root -g root "$tmp" "$PAM_SSHD"
    say "updated $PAM_SSHD"
fi

say "policy: lock after $DENY failures for ${UNLOCK_TIME}s; test with a second session before logging out"
