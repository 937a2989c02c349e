#!/usr/bin/env bash
# deps-sync: install the native build dependencies listed in
# .devtools/native-deps.txt (one "<apt-name> <dnf-name> <apk-name>" per line)
# before `pip install -e .[dev]` compiles the C extensions.
set -o errexit -o nounset -o pipefail

DEPS_FILE=${DEPS_FILE:-.devtools/native-deps.txt}
ASSUME_YES=0

usage() { echo "usage: ${0##*/} [-y] [-f deps-file]"; }

while getopts 'yf:h' o; do
    case $o in
        y) ASSUME_YES=1 ;;
        f) DEPS_FILE=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

info() { echo ">> $*"; }

detect_pm() {
    for pm in apt-get dnf apk zypper; do
        if command -v "$pm" >/dev/null 2>&1; then
            echo "$pm"; return 0
        fi
    done
    return 1
}

elevate() {
    # Prefer whatever the distro ships for interactive elevation.
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    elif command -v pkexec >/dev/null 2>&1; then
        pkexec --disable-internal-agent "$@"
    else
        sudo "$@"
    fi
}

column_for() {
    case $1 in
        apt-get) echo 1 ;;
        dnf|zypper) echo 2 ;;
        apk) echo 3 ;;
    esac
}

already_installed() {
    case $1 in
        apt-get) dpkg-query -W -f='${Status}' "$2" 2>/dev/null | grep -q "install ok installed" ;;
        dnf|zypper) rpm -q "$2" >/dev/null 2>&1 ;;
        apk) apk info -e "$2" >/dev/null 2>&1 ;;
    esac
}

[[ -r $DEPS_FILE ]] || { info "no $DEPS_FILE; nothing to do"; exit 0; }
PM=$(detect_pm) || { info "no supported package manager found"; exit 1; }
col=$(column_for "$PM")

missing=()
while read -r line; do
    [[ -z $line || $line == \#* ]] && continue
    pkg=$(awk -v c="$col" '{print $c}' <<<"$line")
    [[ -z $pkg || $pkg == - ]] && continue
    already_installed "$PM" "$pkg" || missing+=("$pkg")
done < "$DEPS_FILE"

if (( ${#missing[@]} == 0 )); then
    info "all native build deps present"
    exit 0
fi

info "missing (${PM}): ${missing[*]}"
if (( ! ASSUME_YES )); then
    read -r -p "install them now? [y/N] " ans
    [[ $ans == [yY]* ]] || exit 1
fi

case $PM in
    apt-get) elevate apt-get update -qq && elevate apt-get install -y --no-install-recommends "${missing[@]}" ;;
    dnf)     elevate dnf install -y "${missing[@]}" ;;
    zypper)  elevate zypper --non-interactive install "${missing[@]}" ;;
    apk)     elevate apk add --no-cache "${missing[@]}" ;;
esac
info "done"
