import type {
  AdminPeopleResponse,
  AdminPersonResponse,
  PeopleResponse,
  PersonCreate,
  PersonEdit,
  PersonResponse,
} from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import type { Language } from '@summa/shared/languages';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Everyone with a shelf, in the editors' order. */
export function peopleListQuery() {
  return queryOptions({
    queryKey: queryKeys.peopleList,
    queryFn: ({ signal }): Promise<PeopleResponse> => apiCall(ENDPOINTS.people.list, { signal }),
  });
}

/** A person's bio and shelf in `language`. */
export function personQuery(slug: string, language: Language) {
  return queryOptions({
    queryKey: queryKeys.person(slug, language),
    queryFn: ({ signal }): Promise<PersonResponse> =>
      apiCall(ENDPOINTS.people.get, { params: { slug }, query: new URLSearchParams({ language }), signal }),
  });
}

const curation = ENDPOINTS.curation;

/** Everyone as the curation screen edits them (admins). */
export function adminPeopleQuery() {
  return queryOptions({
    queryKey: queryKeys.adminPeople,
    queryFn: ({ signal }): Promise<AdminPeopleResponse> => apiCall(curation.people, { signal }),
  });
}

export function createPerson(body: PersonCreate): Promise<AdminPersonResponse> {
  return apiCall(curation.createPerson, { body });
}

export function updatePerson(slug: string, body: PersonEdit): Promise<AdminPersonResponse> {
  return apiCall(curation.updatePerson, { params: { slug }, body });
}

export function removePerson(slug: string): Promise<null> {
  return apiCall(curation.removePerson, { params: { slug } });
}
