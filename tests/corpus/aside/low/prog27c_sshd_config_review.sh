#!/bin/sh
# Read-only review of an exported sshd_config copy.
# Usage: prog27c_sshd_config_review.sh [path-to-sshd_config]
# Defaults to ./sshd_config in the working directory. Prints findings and
# writes a plain-text report to ./sshd-review.txt. Nothing else is touched.
set -eu

CONFIG="${1:-./sshd_config}"
REPORT="./sshd-review.txt"

if [ ! -r "$CONFIG" ]; then
    echo "cannot read $CONFIG" >&2
    exit 2
fi

# value KEY -> prints the first effective value (sshd uses first match)
value() {
    awk -v key="$1" '
        BEGIN { IGNORECASE = 1 }
        /^[[:space:]]*#/ { next }
        /^[[:space:]]*Match[[:space:]]/ { exit }
        tolower($1) == tolower(key) { print $2; exit }
    ' "$CONFIG"
}

findings=0
: > "$REPORT"

note() {
    level="$1"; shift
    printf '[%s] %s\n' "$level" "$*" | tee -a "$REPORT"
    findings=$((findings + 1))
}

expect() {
    key="$1"; want="$2"; default="$3"; level="$4"
    got="$(value "$key")"
    [ -n "$got" ] || got="$default"
    if [ "$(printf '%s' "$got" | tr 'A-Z' 'a-z')" != "$want" ]; then
        note "$level" "$key is '$got', recommended '$want'"
    fi
}

expect PermitRootLogin no prohibit-password HIGH
expect PasswordAuthentication no yes MEDIUM
expect PermitEmptyPasswords no no HIGH
expect X11Forwarding no no LOW
expect AllowAgentForwarding no yes LOW
expect UsePAM yes no LOW

tries="$(value MaxAuthTries)"
if [ -n "$tries" ] && [ "$tries" -gt 4 ] 2>/dev/null; then
    note MEDIUM "MaxAuthTries is $tries, recommended 4 or less"
fi

ciphers="$(value Ciphers)"
case "$ciphers" in
    *cbc*|*3des*|*arcfour*) note HIGH "weak cipher enabled: $ciphers" ;;
esac

macs="$(value MACs)"
case "$macs" in
    *md5*|*hmac-sha1,*|*hmac-sha1) note MEDIUM "weak MAC enabled: $macs" ;;
esac

if ! grep -Eiq '^[[:space:]]*(AllowUsers|AllowGroups)[[:space:]]' "$CONFIG"; then
    note LOW "no AllowUsers/AllowGroups restriction"
fi

echo "----"
echo "$findings finding(s); report in $REPORT"
[ "$findings" -eq 0 ]
