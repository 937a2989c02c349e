#!/usr/bin/env bash
npm install
