#!/bin/sh
# cms_staging_hosts.sh - point this workstation at the CMS staging stack
#
#   cms_staging_hosts.sh on      route CMS hostnames to the staging servers
#   cms_staging_hosts.sh off     back to production DNS
#   cms_staging_hosts.sh status  show what is active
#
# Editors preview layout and paywall changes on staging under the real
# hostnames (cookies and CORS rules depend on them), so the names are pinned
# in the hosts file inside a marked block that this script owns.

set -eu

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
CONF="${CMS_STAGING_CONF:-./staging_hosts.conf}"
BEGIN_MARK="# >>> newsroom-cms-staging >>>"
END_MARK="# <<< newsroom-cms-staging <<<"

say() { printf '[staging] %s\n' "$*"; }
fail() { printf '[staging] error: %s\n' "$*" >&2; exit 1; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

default_entries() {
    cat <<'EOF'
10.20.4.11  www.harbourtimes.example
10.20.4.11  m.harbourtimes.example
10.20.4.12  cms.harbourtimes.example
10.20.4.13  images.harbourtimes.example
10.20.4.14  paywall.harbourtimes.example
EOF
}

entries() {
    if [ -f "$CONF" ]; then
        grep -Ev '^\s*(#|$)' "$CONF"
    else
        default_entries
    fi
}

is_on() {
    grep -qF "$BEGIN_MARK" "$HOSTS_FILE"
}

strip_block() {
    # remove any previous block in place, keeping a backup alongside
    priv sed -i.staging-bak "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$HOSTS_FILE"
}

add_block() {
    {
        echo "$BEGIN_MARK"
        entries
        echo "$END_MARK"
    } | priv tee -a "$HOSTS_FILE" >/dev/null
}

flush_resolver() {
    if command -v resolvectl >/dev/null 2>&1; then
        resolvectl flush-caches 2>/dev/null || true
    fi
}

cmd="${1:-status}"
case "$cmd" in
    on)
        [ -w "$HOSTS_FILE" ] || [ "$(id -u)" -ne 0 ] || fail "$HOSTS_FILE not writable"
        if is_on; then
            say "refreshing existing staging block"
            strip_block
        fi
        add_block
        flush_resolver
        say "staging active ($(entries | wc -l) names)"
        ;;
    off)
        if is_on; then
            strip_block
            flush_resolver
            say "staging removed, production DNS in use"
        else
            say "staging was not active"
        fi
        ;;
    status)
        if is_on; then
            say "staging ACTIVE:"
            sed -n "/^$BEGIN_MARK\$/,/^$END_MARK\$/p" "$HOSTS_FILE" | sed '1d;$d'
        else
            say "production"
        fi
        ;;
    *)
        sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
