#!/usr/bin/env bash
# Collect host facts through registered collector functions into ./build/facts
set -euo pipefail

OUT_DIR="${OUT_DIR:-./build/facts}"
VERBOSE=0
declare -A COLLECTORS=()
declare -a ORDER=()

log() { [[ $VERBOSE -eq 1 ]] && printf '[facts] %s\n' "$*" >&2 || true; }

register() {
    # register <name> <function>
    COLLECTORS["$1"]="$2"
    ORDER+=("$1")
}

collect_os() {
    if [[ -r /etc/os-release ]]; then
        local key
        for key in NAME VERSION_ID ID; do
            sed -n "s/^${key}=\"\{0,1\}\([^\"]*\)\"\{0,1\}\$/${key,,}=\1/p" /etc/os-release
        done
    else
        echo "name=unknown"
    fi
}

collect_cpu() {
    local model cores
    model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
    cores=$(grep -c '^processor' /proc/cpuinfo)
    printf 'model=%s\ncores=%s\n' "${model:-unknown}" "$cores"
}

collect_memory() {
    awk '/^MemTotal|^MemAvailable|^SwapTotal/ {gsub(":","",$1); printf "%s=%s %s\n", tolower($1), $2, $3}' /proc/meminfo
}

collect_workspace() {
    printf 'cwd=%s\n' "$PWD"
    df -Pk . | awk 'NR==2 {printf "free_kb=%s\nused_pct=%s\n", $4, $5}'
}

register os collect_os
register cpu collect_cpu
register memory collect_memory
register workspace collect_workspace

usage() {
    echo "usage: $0 [-v] [-o DIR] [collector...]"
    echo "collectors: ${ORDER[*]}"
}

while getopts ":vo:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

selected=("$@")
[[ ${#selected[@]} -eq 0 ]] && selected=("${ORDER[@]}")

mkdir -p "$OUT_DIR"
failed=0
for name in "${selected[@]}"; do
    fn="${COLLECTORS[$name]:-}"
    if [[ -z "$fn" ]]; then
        echo "unknown collector: $name" >&2
        failed=$((failed + 1))
        continue
    fi
    target="$OUT_DIR/$name.txt"
    if "$fn" > "$target.tmp"; then
        mv "$target.tmp" "$target"
        chmod 600 "$target"
        log "wrote $target"
    else
        rm -f "$target.tmp"
        failed=$((failed + 1))
    fi
done

echo "facts in $OUT_DIR (${#selected[@]} collectors, $failed failed)"
exit $(( failed > 0 ))
