#!/bin/sh
# audit_evidence_summary.sh - gather host evidence for the quarterly ITGC review
#
# Captures OS, hardware, package, account and listener details for the host,
# hashes every artefact, and bundles them as evidence-<host>-<date>.tar.gz in
# the current directory for upload to the GRC tool by the control owner.
#
#   AUDIT_PERIOD   e.g. 2024Q3 (defaults to current quarter)
#   CONTROL_IDS    space separated control references to stamp in the index
#   KEEP_STAGE=1   keep the staging folder after bundling

set -eu

HOST="$(hostname -s 2>/dev/null || uname -n)"
TODAY="$(date +%Y-%m-%d)"
MONTH="$(date +%m | sed 's/^0//')"
AUDIT_PERIOD="${AUDIT_PERIOD:-$(date +%Y)Q$(( (MONTH + 2) / 3 ))}"
CONTROL_IDS="${CONTROL_IDS:-ITGC-04 ITGC-07 ITGC-11}"
KEEP_STAGE="${KEEP_STAGE:-0}"
STAGE="./evidence_${HOST}_${TODAY}"
BUNDLE="./evidence-${HOST}-${TODAY}.tar.gz"

say() { printf '[evidence] %s\n' "$*"; }
fail() { printf '[evidence] ERROR: %s\n' "$*" >&2; exit 1; }

capture() {
    # capture <artefact-name> <command...>
    name="$1"; shift
    if "$@" > "${STAGE}/${name}" 2>&1; then
        say "captured ${name}"
    else
        say "partial ${name} (exit $?)"
    fi
}

collect() {
    mkdir -p "$STAGE" || fail "cannot create $STAGE"
    capture os-release.txt cat /etc/os-release
    capture cpuinfo.txt cat /proc/cpuinfo
    capture uname.txt uname -a
    capture uptime.txt uptime
    capture identity.txt id
    capture accounts.txt getent passwd
    capture groups.txt getent group
    capture disks.txt df -hT
    capture listeners.txt ss -tlnH
    if command -v dpkg-query >/dev/null 2>&1; then
        capture packages.txt dpkg-query -W -f '${Package}\t${Version}\n'
    elif command -v rpm >/dev/null 2>&1; then
        capture packages.txt rpm -qa --qf '%{NAME}\t%{VERSION}-%{RELEASE}\n'
    fi
    capture last_logins.txt last -n 50
}

write_index() {
    {
        echo "host: ${HOST}"
        echo "period: ${AUDIT_PERIOD}"
        echo "collected: $(date -u +%FT%TZ)"
        echo "collector: $(id -un)"
        echo "controls:"
        for c in $CONTROL_IDS; do echo "  - ${c}"; done
        echo "artefacts:"
        (cd "$STAGE" && sha256sum -- *.txt | sed 's/^/  /')
    } > "${STAGE}/INDEX.yaml"
}

bundle() {
    tar -czf "$BUNDLE" "$STAGE" || fail "tar failed"
    sha256sum "$BUNDLE" > "${BUNDLE}.sha256"
    say "bundle ${BUNDLE} ($(du -h "$BUNDLE" | cut -f1))"
}

tidy() {
    # staging copy is redundant once the bundle and its checksum exist
    if [ "$KEEP_STAGE" = "1" ]; then
        say "keeping ${STAGE}"
        return 0
    fi
    [ -s "${BUNDLE}.sha256" ] || fail "bundle checksum missing, not removing stage"
    rm -rf "$STAGE"
    say "staging folder removed"
}

say "period ${AUDIT_PERIOD} on ${HOST}"
collect
write_index
bundle
tidy
say "done - upload ${BUNDLE} and ${BUNDLE}.sha256 to the GRC request"
