import type { DueReviews, ReviewGrade, ReviewGradeResult } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { queryKeys } from './query-keys';

const api = ENDPOINTS.reviews;

/** The review cards due now (the server makes those of new summaries in the history first). */
export function reviewsQuery() {
  return queryOptions({
    queryKey: queryKeys.reviews,
    queryFn: ({ signal }): Promise<DueReviews> => apiCall(api.due, { signal }),
    // Read again when a batch is done, not on a return to the tab: that would start the batch over.
    refetchOnWindowFocus: false,
  });
}

/** Grades a card; the answer is its next due date and what the review earned. */
export function gradeReview(cardId: string, grade: ReviewGrade): Promise<ReviewGradeResult> {
  return apiCall(api.grade, { params: { cardId }, body: { grade } });
}
