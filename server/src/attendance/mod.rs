pub mod pending;
pub mod reminders;
