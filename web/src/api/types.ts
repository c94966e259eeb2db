// Names the web app uses for the server's schemas. schema.d.ts is generated
// by openapi-typescript from the server's OpenAPI document; import API types
// from here, not from schema.d.ts directly.
import type { components } from './schema';

type Schemas = components['schemas'];

export type Session = Schemas['Session'];
export type SessionUser = Schemas['SessionUser'];
export type Health = Schemas['Health'];
export type ErrorBody = Schemas['ErrorBody'];
export type MessageBody = Schemas['MessageBody'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type LoginRequest = Schemas['LoginRequest'];
export type CompleteProfileRequest = Schemas['CompleteProfileRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type UpdateProfileRequest = Schemas['UpdateProfileRequest'];
export type TokenRequest = Schemas['TokenRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type EmailRequest = Schemas['EmailRequest'];
export type Providers = Schemas['Providers'];
export type Edition = Schemas['Edition'];
export type Submission = Schemas['Submission'];
export type Attendance = Schemas['Attendance'];
export type AttendanceAnswer = Schemas['AttendanceAnswer'];
export type Material = Schemas['Material'];
export type MaterialKind = Schemas['MaterialKind'];
export type SubmissionList = Schemas['SubmissionList'];
export type SubmissionStatus = Schemas['SubmissionStatus'];
export type Role = Schemas['Role'];
// The member's home at /sculc (issue 25).
export type MemberHome = Schemas['MemberHome'];
export type HomeSubmission = Schemas['HomeSubmission'];
export type NextStep = Schemas['NextStep'];
export type Deadline = Schemas['Deadline'];
export type EventView = Schemas['EventView'];
export type RegistrationAnswers = Schemas['RegistrationAnswers'];
export type MySlot = Schemas['MySlot'];
// The check-in desk (issue 26).
export type DeskEvent = Schemas['DeskEvent'];
export type CheckInDesk = Schemas['CheckInDesk'];
export type DeskCounts = Schemas['DeskCounts'];
export type CheckInPerson = Schemas['CheckInPerson'];
export type CheckInResult = Schemas['CheckInResult'];
export type FoundPerson = Schemas['FoundPerson'];
// Certificates (issue 26 item 4).
export type MyCertificate = Schemas['MyCertificate'];
export type VerifiedCertificate = Schemas['VerifiedCertificate'];
export type CertificateKind = Schemas['CertificateKind'];
export type Signatory = Schemas['Signatory'];
