#!/usr/bin/env bash
# install_cli_release.sh -- build `relctl` and install it system-wide.
#
# Builds the Go binary with release ldflags, generates shell completions and
# the man page, then installs everything under $PREFIX (default /usr/local)
# so every user on the build host gets the same relctl.
#
#   ./scripts/install_cli_release.sh [--prefix DIR] [--skip-build]

set -Eeuo pipefail

PREFIX=${PREFIX:-/usr/local}
SKIP_BUILD=0
OUT=./dist
BIN=relctl

usage() { grep '^#' "$0" | sed -n '2,8p' | cut -c3-; }

while (($#)); do
    case $1 in
        --prefix) PREFIX=$2; shift 2 ;;
        --skip-build) SKIP_BUILD=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown arg: $1" >&2; usage; exit 2 ;;
    esac
done

trap 'echo "install failed at line $LINENO" >&2' ERR

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v doas >/dev/null 2>&1 && [[ -r /etc/doas.conf ]]; then
        doas "$@"
    else
        sudo --preserve-env=PREFIX "$@"
    fi
}

version() {
    git describe --tags --always --dirty 2>/dev/null || echo "0.0.0-dev"
}

build() {
    local ver commit date
    ver=$(version)
    commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    mkdir -p "$OUT/completions" "$OUT/man"
    echo ">> building $BIN $ver"
    CGO_ENABLED=0 go build -trimpath \
        -ldflags "-s -w -X main.version=$ver -X main.commit=$commit -X main.date=$date" \
        -o "$OUT/$BIN" ./cmd/$BIN
    "$OUT/$BIN" completion bash > "$OUT/completions/$BIN.bash"
    "$OUT/$BIN" completion zsh  > "$OUT/completions/_$BIN"
    "$OUT/$BIN" man > "$OUT/man/$BIN.1"
    gzip -9f "$OUT/man/$BIN.1"
    ( cd "$OUT" && sha256sum "$BIN" > "$BIN.sha256" )
}

install_all() {
    [[ -x $OUT/$BIN ]] || { echo "no binary in $OUT, run without --skip-build" >&2; exit 1; }
    ( cd "$OUT" && sha256sum -c --quiet "$BIN.sha256" )

    echo ">> installing into $PREFIX"
    as_root install -d -m 0755 "$PREFIX/bin" "$PREFIX/share/man/man1" \
        "$PREFIX/share/zsh/site-functions"
    as_root install -m 0755 -o root -g root "$OUT/$BIN" "$PREFIX/bin/$BIN"
    as_root install -m 0644 "$OUT/man/$BIN.1.gz" "$PREFIX/share/man/man1/"
    as_root install -m 0644 "$OUT/completions/_$BIN" "$PREFIX/share/zsh/site-functions/"
    as_root install -D -m 0644 "$OUT/completions/$BIN.bash" \
        "/etc/bash_completion.d/$BIN"
    if command -v mandb >/dev/null 2>&1; then
        as_root mandb -q "$PREFIX/share/man" || true
    fi
}

[[ $SKIP_BUILD -eq 1 ]] || build
install_all
echo ">> $("$PREFIX/bin/$BIN" version 2>/dev/null || echo "$BIN") installed"
