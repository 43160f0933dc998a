//! Game records (TOML and SGF) read into a setup, rules and moves for the replay referee.
