#!/bin/sh
# Quarterly access review: dump the membership of privileged LDAP groups and
# flag members whose accounts are disabled or have not logged in recently.
#
# The directory replicas still present the old self-signed CA, so certificate
# checking is switched off for this read-only, anonymous query.
#
# usage: ldap_group_audit.sh [group ...]
set -eu

LDAP_URI="${LDAP_URI:-ldaps://ldap.corp.example.com}"
BASE_DN="${BASE_DN:-dc=corp,dc=example,dc=com}"
STALE_DAYS="${STALE_DAYS:-90}"
OUT=/tmp/ldap_group_audit
REPORT="$OUT/review.csv"

LDAPTLS_REQCERT=never
export LDAPTLS_REQCERT

if [ "$#" -eq 0 ]; then
    set -- domain-admins sudo-prod db-owners vpn-admins
fi

log() {
    echo "$(date '+%F %T') $*" 1>&2
}

search() {
    # anonymous simple bind, LDIF without wrapping
    ldapsearch -LLL -x -o ldif-wrap=no -H "$LDAP_URI" -b "$BASE_DN" "$@"
}

group_members() {
    search "(&(objectClass=groupOfNames)(cn=$1))" member \
        | sed -n 's/^member: uid=\([^,]*\),.*/\1/p'
}

account_info() {
    # prints: uid;lastLogin;locked
    search "(uid=$1)" uid authTimestamp pwdAccountLockedTime \
        | awk -v u="$1" '
            /^authTimestamp:/        { last = $2 }
            /^pwdAccountLockedTime:/ { locked = "yes" }
            END { printf "%s;%s;%s\n", u, (last ? last : "never"), (locked ? locked : "no") }'
}

days_since() {
    # $1 = LDAP generalized time, e.g. 20240131120000Z
    case "$1" in
        never) echo 99999; return ;;
    esac
    ts=$(printf '%s' "$1" | sed 's/^\(....\)\(..\)\(..\)\(..\)\(..\)\(..\).*/\1-\2-\3 \4:\5:\6/')
    then_s=$(date -u -d "$ts" +%s 2>/dev/null || echo 0)
    now_s=$(date -u +%s)
    echo $(( (now_s - then_s) / 86400 ))
}

mkdir -p "$OUT"
echo "group,uid,last_login,locked,finding" > "$REPORT"

findings=0
for group in "$@"; do
    log "group $group"
    members=$(group_members "$group") || { log "query failed for $group"; continue; }
    if [ -z "$members" ]; then
        log "  (no members)"
        continue
    fi
    for uid in $members; do
        info=$(account_info "$uid")
        last=$(echo "$info" | cut -d';' -f2)
        locked=$(echo "$info" | cut -d';' -f3)
        age=$(days_since "$last")
        finding=ok
        if [ "$locked" = yes ]; then
            finding=locked-but-member
        elif [ "$age" -gt "$STALE_DAYS" ]; then
            finding="stale-${age}d"
        fi
        [ "$finding" = ok ] || findings=$((findings + 1))
        echo "$group,$uid,$last,$locked,$finding" >> "$REPORT"
    done
done

log "review written to $REPORT with $findings finding(s)"
grep -v ',ok$' "$REPORT" 1>&2 || true
