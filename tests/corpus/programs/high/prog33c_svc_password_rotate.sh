#!/bin/sh
# Rotate the local passwords of service accounts on an OpenBSD/Alpine-style
# host and update the credential file each application reads at start-up.
#
# Accounts and their consumers are listed in ./rotation.conf:
#   <account> <env file> <service>
#   svc_report /etc/reportd/credentials.env reportd
#
# The new password is set with chpasswd, written into the application's env
# file (root:<account>, 0640) and the service is restarted.  A copy is kept in
# ./rotated/<account>.secret (0600) for the operator to enter into the vault
# by hand.  Privileges come from doas (falls back to sudo).
set -eu

CONF="${1:-./rotation.conf}"
LENGTH="${PW_LENGTH:-32}"
OUTDIR="./rotated"

if command -v doas >/dev/null 2>&1; then
    PRIV=doas
else
    PRIV=sudo
fi

note() { printf '[rotate] %s\n' "$*" >&2; }

new_password() {
    # URL-safe, no ambiguous characters
    LC_ALL=C tr -dc 'A-HJ-NP-Za-km-z2-9_-' < /dev/urandom | head -c "$LENGTH"
}

set_password() {
    acct=$1 pw=$2
    printf '%s:%s\n' "$acct" "$pw" | $PRIV chpasswd
}

update_env_file() {
    file=$1 acct=$2 pw=$3
    tmp=$(mktemp "./.envfile.XXXXXX")
    chmod 600 "$tmp"
    if $PRIV test -f "$file"; then
        $PRIV cat "$file" | grep -v '^SERVICE_PASSWORD=' > "$tmp" || true
    fi
    printf 'SERVICE_PASSWORD=%s\n' "$pw" >> "$tmp"
    $PRIV install -o root -g "$acct" -m 0640 "$tmp" "$file"
    rm -f "$tmp"
}

restart_service() {
    svc=$1
    if command -v rcctl >/dev/null 2>&1; then
        $PRIV rcctl restart "$svc"
    elif command -v rc-service >/dev/null 2>&1; then
        $PRIV rc-service "$svc" restart
    else
        $PRIV systemctl restart "$svc"
    fi
}

[ -r "$CONF" ] || { note "no config at $CONF"; exit 2; }
mkdir -p "$OUTDIR"
chmod 700 "$OUTDIR"

rotated=0
failed=0
while read -r acct envfile svc; do
    case "$acct" in ''|'#'*) continue ;; esac
    if ! id "$acct" >/dev/null 2>&1; then
        note "unknown account $acct, skipping"
        failed=$((failed + 1))
        continue
    fi
    pw=$(new_password)
    if [ "${#pw}" -lt "$LENGTH" ]; then
        note "entropy source short read for $acct"
        failed=$((failed + 1))
        continue
    fi
    note "rotating $acct (service $svc)"
    if set_password "$acct" "$pw" && update_env_file "$envfile" "$acct" "$pw" && restart_service "$svc"; then
        umask 077
        printf '%s\n' "$pw" > "$OUTDIR/$acct.secret"
        chmod 600 "$OUTDIR/$acct.secret"
        rotated=$((rotated + 1))
    else
        note "rotation of $acct FAILED -- check $svc manually"
        failed=$((failed + 1))
    fi
    unset pw
done < "$CONF"

note "rotated=$rotated failed=$failed; secrets in $OUTDIR (move them to the vault and delete)"
[ "$failed" -eq 0 ]
