//! The public pages' content: served from the database, imported from the
//! files under `content/` at first start and by `colloquy content import`.

mod banner;
mod calendar;
mod current_edition;
mod editing;
mod history;
mod images;
mod import;
mod pages;
mod registration_links;
mod transfer;
