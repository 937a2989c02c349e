#!/usr/bin/env bash
# Install the `devctl` helper system-wide for all developers on a shared box.
#
# Generates the helper and its man page, then installs them with sudo into
# /usr/local/bin and /usr/local/share/man.  Re-running upgrades in place.

set -euo pipefail

PREFIX="${PREFIX:-/usr/local}"
HELPER_VERSION="1.3.0"
ORG_NAME="${ORG_NAME:-platform-team}"
SUDO="${SUDO:-sudo}"
WORKDIR="$(mktemp -d)"
trap 'rm -rf "$WORKDIR"' EXIT

log() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || die "missing dependency: $1"
}

for tool in install gzip sed; do need "$tool"; done
if [[ $EUID -ne 0 ]]; then
    need "$SUDO"
    log "administrator rights are needed to write to $PREFIX"
    $SUDO -v || die "sudo authentication failed"
else
    SUDO=""
fi

generate_helper() {
    cat > "$WORKDIR/devctl" <<EOF
#!/usr/bin/env bash
# devctl version $HELPER_VERSION - maintained by $ORG_NAME
set -euo pipefail
cmd="\${1:-help}"; shift || true
case "\$cmd" in
    fmt)   ruff format "\${@:-.}" ;;
    lint)  ruff check "\${@:-.}" ;;
    types) mypy "\${@:-src}" ;;
    docs)  mkdocs serve -a 127.0.0.1:8000 ;;
    version) echo "devctl $HELPER_VERSION" ;;
    help|*) echo "usage: devctl fmt|lint|types|docs|version" ;;
esac
EOF
}

generate_manpage() {
    cat > "$WORKDIR/devctl.1" <<EOF
.TH DEVCTL 1 "$(date +%Y-%m-%d)" "devctl $HELPER_VERSION" "Developer tools"
.SH NAME
devctl \- common developer shortcuts
.SH SYNOPSIS
.B devctl
.RI fmt | lint | types | docs | version
.SH AUTHOR
$ORG_NAME
EOF
    gzip -9n "$WORKDIR/devctl.1"
}

installed_version() {
    if [[ -x "$PREFIX/bin/devctl" ]]; then
        "$PREFIX/bin/devctl" version 2>/dev/null | awk '{print $2}'
    fi
}

main() {
    local current
    current="$(installed_version || true)"
    if [[ "$current" == "$HELPER_VERSION" && "${1:-}" != "--force" ]]; then
        log "devctl $HELPER_VERSION already installed"
        return 0
    fi

    generate_helper
    generate_manpage

    log "installing devctl $HELPER_VERSION into $PREFIX"
    $SUDO install -d -m 0755 "$PREFIX/bin" "$PREFIX/share/man/man1"
    $SUDO install -m 0755 -o root -g root "$WORKDIR/devctl" "$PREFIX/bin/devctl"
    $SUDO install -m 0644 -o root -g root "$WORKDIR/devctl.1.gz" "$PREFIX/share/man/man1/devctl.1.gz"
    if command -v mandb >/dev/null 2>&1; then
        $SUDO mandb -q "$PREFIX/share/man" || true
    fi
    log "done (was: ${current:-not installed})"
}

main "$@"
