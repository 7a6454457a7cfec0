// The level package commands: --pack writes a level and the replay that finishes it as one .qslevel file
// (only once that replay, played on the package as written, reaches the goal); --verify plays a package's
// proof. Both print what is wrong on stderr and return the exit status (0 ok, 1 refused).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game/app/app.hpp"

namespace qs {

/// --pack LEVEL OUT [--proof RUN]: LEVEL a name or a path as for play; RUN defaults to the player's best
/// run of the level. Prints `packed: OUT: LEVEL, N files, B bytes, cleared at tick T` on success.
int pack_level(const std::string& level, const std::filesystem::path& out, const AppOptions& options);

/// What --pack does for `checked` (a full check of a level that loads): the proof is `proof_file`, else the
/// player's best run of the level; OUT's folder is made when missing. The `packed: ...` line on success,
/// else "" with the lines to show in `error`.
std::string pack_checked_level(CheckedLevel checked, const std::optional<std::filesystem::path>& proof_file,
                               const std::filesystem::path& out, std::string& error);

/// --verify FILE: prints the report lines and `complete: LEVEL tick T` when the proof reaches the goal.
int verify_package(const std::filesystem::path& file);

/// Whether the proof of the level package `checked` (a full check of it) reaches the goal: the level
/// time of its maker's clear, or nullopt with `problem` (silent: for the level select).
std::optional<std::int64_t> maker_clear(const CheckedLevel& checked, std::string& problem);

/// The proof of the level package `checked`, decoded and matched with its manifest; nullopt with `problem`.
std::optional<Replay> maker_proof(const CheckedLevel& checked, std::string& problem);

}  // namespace qs
