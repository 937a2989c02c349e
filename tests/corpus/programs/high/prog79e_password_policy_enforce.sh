#!/bin/sh
# password-policy-enforce -- apply the CIS 5.4.x password aging and quality
# settings: login.defs aging defaults, pam_pwquality parameters, and the
# aging fields of existing interactive accounts.
#
#   usage: password_policy_enforce.sh [policy.env]
# The optional policy file overrides the defaults below (sh syntax).

set -eu

MAX_DAYS=365
MIN_DAYS=1
WARN_AGE=7
INACTIVE=30
MINLEN=14
MINCLASS=4
MAXREPEAT=3
DICTCHECK=1
UID_MIN_OVERRIDE=""
LOGIN_DEFS=/etc/login.defs
PWQUALITY=/etc/security/pwquality.conf

[ $# -ge 1 ] && [ -r "$1" ] && . "$1"

log() { echo "$(date '+%Y-%m-%dT%H:%M:%S') password-policy: $*"; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { log "need root or sudo"; exit 1; }
    SUDO="sudo -n"
    $SUDO true 2>/dev/null || SUDO="sudo"
fi

set_login_def() {   # set_login_def KEY VALUE
    if grep -Eq "^[[:space:]]*$1[[:space:]]" "$LOGIN_DEFS"; then
        $SUDO sed -i -E "s/^[[:space:]]*$1[[:space:]].*/$1\t$2/" "$LOGIN_DEFS"
    else
        printf '%s\t%s\n' "$1" "$2" | $SUDO tee -a "$LOGIN_DEFS" >/dev/null
    fi
    log "login.defs $1=$2"
}

write_pwquality() {
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' EXIT
    cat > "$tmp" <<EOF
# managed by password-policy-enforce; local edits will be replaced
minlen = $MINLEN
minclass = $MINCLASS
maxrepeat = $MAXREPEAT
dictcheck = $DICTCHECK
enforce_for_root
EOF
    if ! $SUDO cmp -s "$tmp" "$PWQUALITY" 2>/dev/null; then
        $SUDO install -m 0644 -o root -g root "$tmp" "$PWQUALITY"
        log "updated $PWQUALITY"
    fi
}

uid_min() {
    if [ -n "$UID_MIN_OVERRIDE" ]; then echo "$UID_MIN_OVERRIDE"; return; fi
    awk '/^UID_MIN/ {print $2; found=1} END {if (!found) print 1000}' "$LOGIN_DEFS"
}

age_existing_accounts() {
    min_uid=$(uid_min)
    getent passwd | awk -F: -v min="$min_uid" \
        '$3 >= min && $3 != 65534 && $7 !~ /(nologin|false)$/ {print $1}' |
    while read -r user; do
        $SUDO chage --maxdays "$MAX_DAYS" --mindays "$MIN_DAYS" \
                    --warndays "$WARN_AGE" --inactive "$INACTIVE" "$user" &&
            log "aged account $user" || log "failed to update $user"
    done
}

set_login_def PASS_MAX_DAYS "$MAX_DAYS"
set_login_def PASS_MIN_DAYS "$MIN_DAYS"
set_login_def PASS_WARN_AGE "$WARN_AGE"
write_pwquality
$SUDO useradd -D -f "$INACTIVE" >/dev/null
log "default inactivity lock set to $INACTIVE days"
age_existing_accounts
log "password policy applied"
