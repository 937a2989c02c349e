#!/usr/bin/env bash
# Generate bash and zsh completion scripts for our CLI from the declarative
# spec kept in the repository (completions/spec.txt).
#
# Spec format, one entry per line:
#   cmd   <subcommand>  <description>
#   flag  <subcommand|*> <--flag> <description>
#   file  <subcommand>   <glob>
#
# Output goes to ./completions/out/{bash,zsh}/ and is committed by the
# release job.  Nothing is installed anywhere.

set -euo pipefail

PROG_NAME="${PROG_NAME:-kitectl}"
SPEC_FILE="completions/spec.txt"
OUT_DIR="completions/out"
CLEAN=0
VERBOSE=0

usage() {
    cat <<EOF
usage: $0 [-s spec] [-o outdir] [-n progname] [-c] [-v]
  -s  spec file            (default: $SPEC_FILE)
  -o  output directory     (default: $OUT_DIR)
  -n  program name         (default: $PROG_NAME)
  -c  remove previous output first
  -v  verbose
EOF
}

log() { [ "$VERBOSE" -eq 1 ] && printf '[codegen] %s\n' "$*" >&2 || true; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts 's:o:n:cvh' opt; do
    case "$opt" in
        s) SPEC_FILE=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        n) PROG_NAME=$OPTARG ;;
        c) CLEAN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[ -r "$SPEC_FILE" ] || die "cannot read spec $SPEC_FILE"

case "$OUT_DIR" in
    /*|..*) die "output directory must be inside the repository" ;;
esac

if [ "$CLEAN" -eq 1 ] && [ -d "$OUT_DIR" ]; then
    log "cleaning $OUT_DIR"
    rm -rf -- "./$OUT_DIR"
fi
mkdir -p "$OUT_DIR/bash" "$OUT_DIR/zsh"

# strip comments and blank lines once
STRIPPED=$(sed -e 's/#.*$//' -e '/^[[:space:]]*$/d' "$SPEC_FILE")

subcommands() {
    printf '%s\n' "$STRIPPED" | awk '$1 == "cmd" { print $2 }' | sort -u
}

flags_for() {
    local sub=$1
    printf '%s\n' "$STRIPPED" |
        awk -v s="$sub" '$1 == "flag" && ($2 == s || $2 == "*") { print $3 }' |
        sort -u | tr '\n' ' '
}

glob_for() {
    printf '%s\n' "$STRIPPED" | awk -v s="$1" '$1 == "file" && $2 == s { print $3; exit }'
}

describe() {
    printf '%s\n' "$STRIPPED" |
        awk -v s="$1" '$1 == "cmd" && $2 == s { $1=""; $2=""; sub(/^ +/, ""); print; exit }' |
        sed "s/'/'\\\\''/g"
}

gen_bash() {
    local out="$OUT_DIR/bash/$PROG_NAME"
    local subs
    subs=$(subcommands | tr '\n' ' ')
    log "writing $out"
    {
        printf '# bash completion for %s -- generated, do not edit\n' "$PROG_NAME"
        printf '_%s() {\n' "$PROG_NAME"
        printf '    local cur sub\n'
        printf '    cur="${COMP_WORDS[COMP_CWORD]}"\n'
        printf '    sub="${COMP_WORDS[1]}"\n'
        printf '    if [ "$COMP_CWORD" -eq 1 ]; then\n'
        printf '        COMPREPLY=( $(compgen -W "%s" -- "$cur") ); return\n' "$subs"
        printf '    fi\n'
        printf '    case "$sub" in\n'
        for s in $(subcommands); do
            local g
            g=$(glob_for "$s")
            printf '        %s)\n' "$s"
            printf '            if [[ "$cur" == -* ]]; then\n'
            printf '                COMPREPLY=( $(compgen -W "%s" -- "$cur") )\n' "$(flags_for "$s")"
            if [ -n "$g" ]; then
                printf '            else\n'
                printf "                COMPREPLY=( \$(compgen -G '%s' -- \"\$cur\") )\n" "$g"
            fi
            printf '            fi ;;\n'
        done
        printf '    esac\n}\n'
        printf 'complete -F _%s %s\n' "$PROG_NAME" "$PROG_NAME"
    } > "$out"
}

gen_zsh() {
    local out="$OUT_DIR/zsh/_$PROG_NAME"
    log "writing $out"
    {
        printf '#compdef %s\n# generated, do not edit\n\n' "$PROG_NAME"
        printf 'local -a subcmds\nsubcmds=(\n'
        for s in $(subcommands); do
            printf "  '%s:%s'\n" "$s" "$(describe "$s")"
        done
        printf ')\n\n'
        printf 'if (( CURRENT == 2 )); then\n'
        printf "  _describe 'command' subcmds\n  return\nfi\n\n"
        printf 'case $words[2] in\n'
        for s in $(subcommands); do
            printf '  %s) _arguments' "$s"
            for f in $(flags_for "$s"); do
                printf " '%s[%s]'" "$f" "$f"
            done
            g=$(glob_for "$s")
            [ -n "$g" ] && printf " '*:file:_files -g \"%s\"'" "$g"
            printf ' ;;\n'
        done
        printf 'esac\n'
    } > "$out"
}

gen_bash
gen_zsh

count=$(subcommands | wc -l | tr -d ' ')
printf 'generated completions for %s subcommands in %s\n' "$count" "$OUT_DIR"
