//! One integration-test binary: every test spawns the real app on port 0
//! with a fresh database (a temp-file SQLite database, or a fresh PostgreSQL
//! database when `TEST_DATABASE_URL` is set).

mod accounts;
mod admin;
mod attendance;
mod bidi;
mod certificates;
mod check_in;
mod check_in_window;
mod cli;
mod client_ip;
mod content;
mod embedded_app;
mod errors;
mod hashing;
mod health;
mod helpers;
mod home;
mod ics;
mod kept_alive;
mod mail;
mod manage_link;
mod openapi;
mod operations;
mod outbox;
mod program;
mod registration;
mod review;
mod schema_parity;
mod session;
mod slow_clients;
mod submissions;
mod typeset;
mod web;
mod write_plans;
