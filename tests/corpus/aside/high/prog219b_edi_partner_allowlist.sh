#!/usr/bin/env bash
# EDI partner allowlist.
#
# Shipping lines and hauliers push EDI files to our SFTP gateway. Only their
# published source addresses may reach it. This keeps the packet filter's
# allow rules in line with partners.tsv (partner <tab> cidr <tab> port).

set -u

PARTNERS_FILE="${PARTNERS_FILE:-partners.tsv}"
CHAIN="EDI_PARTNERS"
PARENT_CHAIN="INPUT"
DEFAULT_PORT=22
SAVE=0
DRY_RUN=0

FW_BIN=(ip "tables")
FW="$(printf '%s' "${FW_BIN[@]}")"

log() { printf '%s allowlist: %s\n' "$(date '+%F %T')" "$*" >&2; }

fw() {
  if [[ $DRY_RUN -eq 1 ]]; then
    log "would run: ${FW} $*"
    return 0
  fi
  "$FW" -w 5 "$@"
}

valid_cidr() {
  [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?$ ]]
}

ensure_chain() {
  if ! "$FW" -n -L "$CHAIN" >/dev/null 2>&1; then
    fw -N "$CHAIN" && log "created chain ${CHAIN}"
  fi
  if ! "$FW" -C "$PARENT_CHAIN" -p tcp -j "$CHAIN" >/dev/null 2>&1; then
    fw -I "$PARENT_CHAIN" 1 -p tcp -j "$CHAIN" && log "hooked ${CHAIN} into ${PARENT_CHAIN}"
  fi
}

add_rule() {
  local partner="$1" cidr="$2" port="$3"
  local spec=(-s "$cidr" -p tcp --dport "$port" -m comment --comment "edi:${partner}" -j ACCEPT)
  if "$FW" -C "$CHAIN" "${spec[@]}" >/dev/null 2>&1; then
    log "present: ${partner} ${cidr}:${port}"
    return 0
  fi
  fw -A "$CHAIN" "${spec[@]}" && log "added: ${partner} ${cidr}:${port}"
}

apply_file() {
  local partner cidr port n=0 bad=0
  [[ -r "$PARTNERS_FILE" ]] || { log "cannot read ${PARTNERS_FILE}"; return 1; }
  while IFS=$'\t' read -r partner cidr port; do
    [[ -z "${partner:-}" || "$partner" == \#* ]] && continue
    port="${port:-$DEFAULT_PORT}"
    if ! valid_cidr "$cidr" || ! [[ "$port" =~ ^[0-9]+$ ]]; then
      log "skipping bad line for ${partner}: ${cidr} ${port}"
      bad=$((bad + 1))
      continue
    fi
    add_rule "$partner" "$cidr" "$port" && n=$((n + 1))
  done <"$PARTNERS_FILE"
  log "${n} partner rules in place, ${bad} lines skipped"
}

persist() {
  local dir="/etc/ip""tables"
  [[ $SAVE -eq 1 ]] || return 0
  if [[ $DRY_RUN -eq 1 ]]; then
    log "would save rules to ${dir}/rules.v4"
    return 0
  fi
  mkdir -p "$dir"
  "${FW}-save" >"${dir}/rules.v4" && log "saved to ${dir}/rules.v4"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -f|--file) PARTNERS_FILE="$2"; shift 2 ;;
    --save) SAVE=1; shift ;;
    -n|--dry-run) DRY_RUN=1; shift ;;
    -h|--help) echo "usage: $0 [-f partners.tsv] [--save] [--dry-run]"; exit 0 ;;
    *) log "unknown option $1"; exit 2 ;;
  esac
done

if [[ $EUID -ne 0 && $DRY_RUN -eq 0 ]]; then
  log "needs root to change the packet filter"
  exit 1
fi

ensure_chain
apply_file
persist
